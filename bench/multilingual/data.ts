import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One language's question set (bench/data/multilingual/<lang>.json, written by build-data.ts). */
export interface LanguageSet {
  language: string;
  /** Paragraphs of the language's pool: gold paragraphs and distractors alike. */
  paragraphs: string[];
  items: Array<{ question: string; answer: string; gold: number; split: 'dev' | 'test' }>;
}

export const DATA_DIR = path.join(import.meta.dirname, '..', 'data', 'multilingual');

export function loadLanguage(lang: string, dir = DATA_DIR): LanguageSet {
  return JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as LanguageSet;
}

/** Compatibility-folded, lowercased, single-spaced: how answers are looked for. */
export function answerKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ');
}

/** Whether the output holds the answer as a whole word (a bare substring in unspaced scripts, where words have no boundary). */
export function answerKept(output: string, answer: string): boolean {
  const hay = answerKey(output);
  const needle = answerKey(answer);
  let from = hay.indexOf(needle);
  while (from >= 0) {
    const before = hay.slice(0, from).at(-1);
    const after = hay[from + needle.length];
    const open = (c: string | undefined) => c === undefined || !/[\p{L}\p{M}\p{N}]/u.test(c) || /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(c);
    if (open(before) && open(after)) return true;
    from = hay.indexOf(needle, from + 1);
  }
  return false;
}

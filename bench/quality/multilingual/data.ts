import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One language's question set (bench/data/multilingual/<lang>.json, written by build-data.ts). */
export interface LanguageSet {
  language: string;
  /** Paragraphs of the language's pool: gold paragraphs and distractors alike. */
  paragraphs: string[];
  items: Array<{ question: string; answer: string; gold: number; split: 'dev' | 'test' }>;
}

export const DATA_DIR = path.join(import.meta.dirname, '..', '..', 'data', 'multilingual');

export function loadLanguage(lang: string, dir = DATA_DIR): LanguageSet {
  return JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as LanguageSet;
}

/** A question written by hand over a paragraph of the pool (bench/data/multilingual/questions/<lang>.json). */
export interface HandQuestion {
  /** Index of the paragraph in the language's pool that holds the answer. */
  gold: number;
  question: string;
  /** The answer span, as it stands in the paragraph. */
  answer: string;
  /** Whether the question rewords the paragraph rather than copying the answer sentence's words. */
  paraphrase: boolean;
  /** Written for development only: fixed, so the hash split of the earlier questions (and every test question) stays put. */
  split?: 'dev';
}

/** FNV-1a over UTF-16 units: a split that stays put when questions are added or reordered. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** Dev gets a third of the questions (by hash of the question), test the rest. */
export function handSplit(question: string): 'dev' | 'test' {
  return fnv1a(question) % 3 === 0 ? 'dev' : 'test';
}

/** The language's pool with its hand-written questions in place of the rule-written ones. */
export function loadHandQuestions(lang: string, dir = DATA_DIR): LanguageSet & { paraphrase: boolean[] } {
  const set = loadLanguage(lang, dir);
  const hand = JSON.parse(readFileSync(path.join(dir, 'questions', `${lang}.json`), 'utf8')) as HandQuestion[];
  return {
    language: set.language,
    paragraphs: set.paragraphs,
    items: hand.map((q) => ({ question: q.question, answer: q.answer, gold: q.gold, split: q.split ?? handSplit(q.question) })),
    paraphrase: hand.map((q) => q.paraphrase),
  };
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

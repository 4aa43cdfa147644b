import { stringMemo } from './string-memo.js';

/**
 * Word splitting shared by the scorer and the engine, identical to the training pipeline
 * (scripts/train/wp.py): whitespace, then every punctuation character is a word of its own
 * (BertPreTokenizer). Words keep their character offsets so the engine can cut the original
 * text without ever splitting inside a word.
 */
export interface Word {
  text: string;
  start: number;
  end: number;
}

const ASCII_PUNCT = (c: number): boolean => (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);

/** ASCII whitespace by char code (space, tab, line feed, vertical tab, form feed, carriage return). */
export const isSpaceCode = (c: number): boolean => c === 32 || (c >= 9 && c <= 13);

/** Splits `text` into BERT words with offsets into `text`. */
export function splitWords(text: string): Word[] {
  const out: Word[] = [];
  let start = -1;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    // ASCII decides by code; anything else by the Unicode classes (a surrogate pair is one character).
    let len = 1;
    let space: boolean;
    let punct: boolean;
    if (c < 128) {
      space = isSpaceCode(c);
      punct = !space && ASCII_PUNCT(c);
    } else {
      const cp = text.codePointAt(i)!;
      len = cp > 0xffff ? 2 : 1;
      const ch = text.slice(i, i + len);
      space = /\s/u.test(ch);
      punct = !space && /\p{P}/u.test(ch);
    }
    if (space || punct) {
      if (start !== -1) out.push({ text: text.slice(start, i), start, end: i });
      start = -1;
      if (punct) out.push({ text: text.slice(i, i + len), start: i, end: i + len });
    } else if (start === -1) start = i;
    i += len;
  }
  if (start !== -1) out.push({ text: text.slice(start), start, end: n });
  return out;
}

/** BertNormalizer's form: lowercase, accents stripped. */
export function normalizeWord(word: string): string {
  const lower = word.toLowerCase();
  // ASCII has no accents to strip; NFD over a long text costs more than the rest of this call.
  return ASCII_ONLY.test(lower) ? lower : lower.normalize('NFD').replace(/\p{Mn}/gu, '');
}

const ASCII_ONLY = /^[\x00-\x7f]*$/u;

const SUFFIXES = ['ing', 'ed', 'es', 's', 'ly'];

/** The query-match key (token_type_id 2 feature); null for words without a letter or digit. */
export const matchKey: (word: string) => string | null = stringMemo(matchKeyOf);

function matchKeyOf(word: string): string | null {
  let w = normalizeWord(word).trim();
  if (!w || !/[\p{L}\p{N}]/u.test(w)) return null;
  if (w.length > 4) {
    for (const s of SUFFIXES) {
      if (w.endsWith(s) && w.length - s.length >= 3) {
        w = w.slice(0, -s.length);
        break;
      }
    }
  }
  return w;
}

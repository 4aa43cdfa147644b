// Token costs, markers and string helpers of JSON pieces, shared by the trimmer's fill and its rendering.
import { countTokens } from '../text/tokens.js';
import { OBJECT } from './json-tree.js';

/** Smallest valid stand-in for a container: every member counted as omitted. */
export function skeleton(kind: number, members: number): string {
  if (kind === OBJECT) return members ? `{"_omitted":${members}}` : '{}';
  return members ? `["[... ${members} more items]"]` : '[]';
}

export const trimMarker = (kind: number, dropped: number): string => (kind === OBJECT ? `"_omitted":${dropped}` : `"[... ${dropped} more items]"`);
/** The marker of one run of left-out records, where the run was. */
export const runMarker = (dropped: number): string => `"...${dropped} ${dropped === 1 ? 'item' : 'items'}"`;

export function isJsonString(raw: string): boolean {
  try {
    return typeof JSON.parse(raw) === 'string';
  } catch {
    return false;
  }
}

/** The longest prefix of raw string content of at most `chars` characters that ends on an escape boundary. */
export function escapeSafePrefix(content: string, chars: number): string {
  let j = 0;
  while (j < chars && j < content.length) {
    const step = content[j] === '\\' ? (content[j + 1] === 'u' ? 6 : 2) : /[\uD800-\uDBFF]/u.test(content[j]!) ? 2 : 1;
    if (j + step > chars) break;
    j += step;
  }
  return content.slice(0, j);
}

const memo = new Map<string, number>();
/** o200k tokens, memoised for the short pieces (keys, flags, small values) that repeat across a document. */
export function pieceTokens(s: string): number {
  if (s.length > 48) return countTokens(s);
  let n = memo.get(s);
  if (n === undefined) {
    if (memo.size > 100_000) memo.clear();
    n = countTokens(s);
    memo.set(s, n);
  }
  return n;
}

// o200k splits a digit run into groups of up to three, so an integer's count needs no tokenizer.
export const INTEGER = /^-?\d+$/u;
export const integerTokens = (raw: string): number => Math.ceil((raw.length - (raw[0] === '-' ? 1 : 0)) / 3) + (raw[0] === '-' ? 1 : 0);

/**
 * Whether compact JSON of `text` could be within `target` tokens, judged from a few evenly
 * spread samples with the pretty-printing whitespace squeezed out, so that a megabyte that
 * plainly does not fit is never rendered and counted whole.
 */
export function compactMayFit(text: string, target: number): boolean {
  const SAMPLES = 8;
  const SAMPLE_CHARS = 4096;
  if (text.length <= SAMPLES * SAMPLE_CHARS * 2) return true;
  let tokens = 0;
  for (let k = 0; k < SAMPLES; k++) {
    const from = Math.floor(((text.length - SAMPLE_CHARS) * k) / (SAMPLES - 1));
    tokens += countTokens(text.slice(from, from + SAMPLE_CHARS).replace(/\s*\n\s*/gu, '').replace(/([:,]) /gu, '$1'));
  }
  return (text.length * tokens) / (SAMPLES * SAMPLE_CHARS) <= target * 1.25;
}

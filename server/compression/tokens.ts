import { countTokens as o200kCount } from 'gpt-tokenizer/encoding/o200k_base';
import { ownCopy } from '../model/string-memo.js';

// User text may contain strings such as <|endoftext|>: count them as plain text, never throw.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

const isSpace = (c: number): boolean =>
  c === 32 || c === 10 || c === 9 || c === 13 || c === 11 || c === 12 || (c > 127 && /\s/u.test(String.fromCharCode(c)));

/**
 * Counts of pieces seen before. A cut is counted once per budget it tries, and every try repeats
 * the same words: counting them again was a fifth of a 2k-token request's time on latte_v2.
 * Emptied when it holds MEMO_ENTRIES pieces or MEMO_CHARS characters of them (a few tens of MB
 * at most), so memory stays bounded whatever the input.
 */
const memo = new Map<string, number>();
const MEMO_ENTRIES = 200_000;
const MEMO_CHARS = 4_000_000;
let memoChars = 0;

function countPiece(piece: string): number {
  let n = memo.get(piece);
  if (n === undefined) {
    n = o200kCount(piece, PLAIN_TEXT);
    if (memo.size >= MEMO_ENTRIES || memoChars + piece.length > MEMO_CHARS) {
      memo.clear();
      memoChars = 0;
    }
    memo.set(ownCopy(piece), n);
    memoChars += piece.length;
  }
  return n;
}

/**
 * o200k_base token count, the unit of all accounting. The text is counted in pieces that o200k's
 * pre-tokenizer never joins, so the sum is exact: a piece ends before a space or tab that follows
 * a non-space (no pre-token runs across it: words, numbers and punctuation stop there, and a
 * whitespace run cannot start before a non-space), and at a line start that holds neither
 * whitespace nor "/" (punctuation takes the newlines after it, and a "/" after them, into one
 * pre-token). test/compression/tokens.test.ts checks the sum against the whole-text count.
 */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  let total = 0;
  let from = 0;
  for (let p = 1; p < text.length; p++) {
    const c = text.charCodeAt(p);
    const prev = text.charCodeAt(p - 1);
    if (((c === 32 || c === 9) && !isSpace(prev)) || (prev === 10 && c !== 47 && !isSpace(c))) {
      total += countPiece(text.slice(from, p));
      from = p;
    }
  }
  return total + countPiece(text.slice(from));
}

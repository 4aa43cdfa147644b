import { countTokens as o200kCount } from 'gpt-tokenizer/encoding/o200k_base';
import { stringMemo } from '../../../model/string-memo.js';
import { isSpaceCode } from '../../../model/words.js';
import { countLongPiece } from './long-piece-count.js';

// User text may contain strings such as <|endoftext|>: count them as plain text, never throw.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

const isSpace = (c: number): boolean => (c < 128 ? isSpaceCode(c) : /\s/u.test(String.fromCharCode(c)));

/**
 * Pieces longer than this (no space in a thousand characters: a blob, minified code, a run of one
 * character) are counted by `countLongPiece`, the same merges in O(n log n): gpt-tokenizer's are
 * quadratic in a pre-token's length. Shorter ones stay with the library, faster there (it
 * remembers the pre-tokens it has merged).
 */
const LONG_PIECE_CHARS = 1_000;

/**
 * Counts of pieces seen before: a cut is counted once per budget it tries, each try repeating the same
 * words (docs/tuning.md, "Engine CPU"). At most 200k pieces or 4M characters of them (a few tens of MB).
 */
const countPiece = stringMemo((piece: string) => (piece.length > LONG_PIECE_CHARS ? countLongPiece(piece) : o200kCount(piece, PLAIN_TEXT)), 200_000, 4_000_000);

/**
 * o200k_base token count, the unit of all accounting, summed over pieces o200k's pre-tokenizer never
 * joins (a piece ends before a space or tab after a non-space, and at a line start holding neither
 * whitespace nor "/"), so the sum is exact (test/compression/engine/text/tokens.test.ts).
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

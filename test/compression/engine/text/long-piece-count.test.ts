import { countTokens as o200kCount } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { countLongPiece } from '../../../../server/compression/engine/text/long-piece-count.js';
import { countTokens } from '../../../../server/compression/engine/text/tokens.js';

const library = (text: string) => o200kCount(text, { disallowedSpecial: new Set<string>() });

/** Strings drawn from one alphabet: o200k's pre-tokenizer leaves runs of letters, marks, punctuation and whitespace whole. */
function runs(): string[] {
  const alphabets = ['abcdefghijklmnopqrstuvwxyz', 'ab', 'x', 'ABCDEFabcdef0123456789', '.,;:!?-_=+*/\\|', ' \n\t', '\n', '日本語中文字', 'éàüßçñ', '😀🎉🔥', 'مرحبا', 'a\u0301e\u0300', 'abc.,/ \n', '<|endoftext|>', 'ÄÖÜäöü\u00a0'];
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const out: string[] = [];
  for (let k = 0; k < 90; k++) {
    const chars = [...alphabets[k % alphabets.length]!];
    let s = '';
    for (let i = 50 + Math.floor(random() * 2500); i > 0; i--) s += chars[Math.floor(random() * chars.length)];
    out.push(s);
  }
  for (const ch of ['x', '_', '=', '\n', ' ', 'ab', '日', '😀', '-\n']) out.push(ch.repeat(Math.ceil(3000 / ch.length)));
  return out;
}

describe('countLongPiece (o200k merges in O(n log n))', () => {
  it('counts what gpt-tokenizer counts on long runs of every kind', () => {
    const mismatches = runs().filter((s) => countLongPiece(s) !== library(s));
    expect(mismatches.map((s) => JSON.stringify(s.slice(0, 40)))).toEqual([]);
  }, 60_000);

  it('is what countTokens uses for a piece of more than a thousand characters, exactly', () => {
    for (const s of runs().filter((r) => r.length > 1_000 && !/\s/u.test(r))) expect(countTokens(`${s} and more`)).toBe(library(`${s} and more`));
  }, 60_000);

  it('counts a megabyte without a boundary (the library merges it in quadratic time)', () => {
    // 'x' x 8 is one o200k token: the count is exact without the library to compare with.
    expect(countTokens('x'.repeat(1_000_000))).toBe(125_000);
  }, 60_000);
});

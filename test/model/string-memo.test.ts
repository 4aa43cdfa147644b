import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { countTokens } from '../../server/compression/engine/text/tokens.js';
import { clearStringMemos, ownCopy, stringMemo } from '../../server/model/string-memo.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 1e6;
};

/**
 * Runs `keep` on a 40-character slice of each of 40 fresh ~2 MB strings; the MB still held after.
 * The slice holds a word of 13 or more characters: V8 cuts those as views on the parent.
 */
function retainedBy(keep: (slice: string) => void): number {
  const before = heapMb();
  for (let i = 0; i < 40; i++) {
    const parent = `${` supercalifragilistic${i} lorem`.repeat(70_000)}end`;
    keep(parent.slice(1_000, 1_040));
  }
  return heapMb() - before;
}

describe('caches keyed by words cut from a context', () => {
  it('a plain slice kept as a Map key holds its whole parent (why ownCopy exists)', () => {
    const held = new Map<string, number>();
    expect(retainedBy((s) => held.set(s, 1))).toBeGreaterThan(40);
    held.clear();
  });

  it('stringMemo, ownCopy keys and countTokens keep only the words', () => {
    const memo = stringMemo((s: string) => s.length);
    const copies = new Map<string, number>();
    expect(retainedBy((s) => memo(s))).toBeLessThan(10);
    expect(retainedBy((s) => copies.set(ownCopy(s), 1))).toBeLessThan(10);
    expect(retainedBy((s) => countTokens(s))).toBeLessThan(10);
    expect(ownCopy('abcdefghijklmnopqrstuvwxyz')).toBe('abcdefghijklmnopqrstuvwxyz');
  });

  it('clearStringMemos empties every memo (benchmarks time text no cache has seen); answers stay the same', () => {
    let calls = 0;
    const memo = stringMemo((s: string) => {
      calls++;
      return s.toUpperCase();
    });
    expect(memo('velta')).toBe('VELTA');
    expect(memo('velta')).toBe('VELTA');
    expect(calls).toBe(1);
    clearStringMemos();
    expect(memo('velta')).toBe('VELTA');
    expect(calls).toBe(2);
  });
});

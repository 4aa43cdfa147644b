import { describe, expect, it } from 'vitest';
import { selectSpans, type Candidate } from '../../../../server/compression/engine/select/select.js';

/** A sentence of one-token words starting at `start`, each word 5 characters apart, with a uniform score. */
function sentence(start: number, words: number, score: number): Candidate {
  const list: Candidate[] = Array.from({ length: words }, (_, i) => ({ start: start + 5 * i, end: start + 5 * i + 4, score, tokens: 1 }));
  return { start, end: start + 5 * words - 1, score, tokens: words, words: () => list };
}

describe('selectSpans', () => {
  it('cuts a run of at least three words from a sentence beside kept units, never a word or two', () => {
    const first = sentence(0, 6, 0.9);
    const second = sentence(100, 10, 0.5);
    // 6 tokens for the first sentence, 2 left: too few for a readable run of the second.
    expect(selectSpans([first, second], 8, 0)).toEqual([{ start: 0, end: 29 }]);
    // 4 left: a four-word run of the second sentence joins it.
    const kept = selectSpans([first, second], 10, 0);
    expect(kept).toHaveLength(2);
    expect(kept[1]!.end - kept[1]!.start).toBe(5 * 4 - 1);
  });

  it('keeps a run of any length when nothing else fits', () => {
    const only = sentence(0, 10, 0.5);
    const kept = selectSpans([only], 2, 0);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.end - kept[0]!.start).toBe(5 * 2 - 1);
  });

  it('never spends the budget on a run of glue words only, which tidy would drop', () => {
    // "#" (glue, 1 token) then a title word of 6 tokens: a budget of 4 less a marker of 2 fits only "#".
    const titleWords: Candidate[] = [
      { start: 0, end: 1, score: 0.9, tokens: 1, content: false },
      { start: 2, end: 24, score: 0.9, tokens: 6, content: true },
    ];
    const title: Candidate = { start: 0, end: 24, score: 0.9, tokens: 7, words: () => titleWords };
    const heading: Candidate = { start: 30, end: 40, score: 0.5, tokens: 2 };
    expect(selectSpans([title, heading], 4, 2)).toEqual([{ start: 30, end: 40 }]);
  });
});

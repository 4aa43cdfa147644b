import type { ScoreRequest, WordScorer } from '../../server/model/word-scorer.js';

/**
 * A scorer that remembers its scores, for benchmarks that cut one scored context many times
 * (every ratio, every setting of a grid). `maxEntries` bounds the memory: past it the memo starts over.
 */
export function memoScorer(inner: WordScorer, maxEntries = Infinity): WordScorer {
  const memo = new Map<string, Float32Array>();
  return {
    async score(requests: readonly ScoreRequest[]) {
      const out: Float32Array[] = [];
      for (const r of requests) {
        const key = `${r.weights}\u0000${r.query ?? ''}\u0000${r.words.join(' ')}`;
        let s = memo.get(key);
        if (!s) {
          if (memo.size >= maxEntries) memo.clear();
          memo.set(key, (s = (await inner.score([r]))[0]!));
        }
        out.push(s);
      }
      return out;
    },
  };
}

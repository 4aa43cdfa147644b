import type { WeightsId } from '../../server/catalog/model-catalog.js';
import { countTokens } from '../../server/compression/engine/text/tokens.js';
import type { ScoreRequest, WordScorer } from '../../server/model/word-scorer.js';

/**
 * A scorer that remembers its scores, for benchmarks that cut one scored context many times (every
 * ratio, every setting of a grid), and times the real calls per weights id. The scorer is
 * deterministic, so outputs match an uncached run up to batching: the misses of one call are scored
 * together. Past `maxEntries` the oldest entry is dropped.
 */
export function memoScorer(inner: WordScorer, maxEntries = Infinity) {
  const memo = new Map<string, Float32Array>();
  const speed = new Map<WeightsId, { tokens: number; ms: number }>();
  const scorer: WordScorer = {
    async score(requests: readonly ScoreRequest[]) {
      const keys = requests.map((r) => `${r.weights}\u0000${r.query ?? ''}\u0000${r.words.join(' ')}`);
      const missing = requests.map((r, i) => ({ r, i })).filter(({ i }, k) => !memo.has(keys[i]!) && keys.indexOf(keys[i]!) === k);
      // This call's fresh scores, read from here too: a small maxEntries may evict one before it is returned.
      const fresh = new Map<string, Float32Array>();
      if (missing.length) {
        const t0 = performance.now();
        const scored = await inner.score(missing.map(({ r }) => r));
        const ms = performance.now() - t0;
        const tokens = missing.map(({ r }) => countTokens(r.words.join(' ')));
        const all = tokens.reduce((a, b) => a + b, 0) || 1;
        missing.forEach(({ r, i }, k) => {
          const acc = speed.get(r.weights) ?? { tokens: 0, ms: 0 };
          acc.tokens += tokens[k]!;
          acc.ms += (ms * tokens[k]!) / all;
          speed.set(r.weights, acc);
          if (memo.size >= maxEntries) memo.delete(memo.keys().next().value!);
          memo.set(keys[i]!, scored[k]!);
          fresh.set(keys[i]!, scored[k]!);
        });
      }
      return keys.map((key) => fresh.get(key) ?? memo.get(key)!);
    },
  };
  return Object.assign(scorer, { speed });
}

import type { WordScorer } from '../../server/model/word-scorer.js';
import { matchKey } from '../../server/model/words.js';

/**
 * A deterministic stand-in for unit tests of the engine's other stages (never for route or
 * quality tests): a word scores 0.9 when the query shares its match key, 0.6 for digits,
 * otherwise a small value derived from the word itself.
 */
export const fakeScorer: WordScorer = {
  async score(requests) {
    return requests.map((r) => {
      const keys = new Set((r.query ?? '').split(/\W+/u).map(matchKey).filter(Boolean));
      return Float32Array.from(r.words, (w) => {
        if (keys.has(matchKey(w))) return 0.9;
        if (/\d/u.test(w)) return 0.6;
        let h = 0;
        for (const ch of w) h = (h * 31 + ch.charCodeAt(0)) % 97;
        return 0.05 + (h / 97) * 0.2;
      });
    });
  },
};

/** Every word 0.5: what the engine keeps then comes from its priors alone (lexical match, information, paragraph). */
export const flatScorer: WordScorer = {
  score: async (requests) => requests.map((r) => new Float32Array(r.words.length).fill(0.5)),
};

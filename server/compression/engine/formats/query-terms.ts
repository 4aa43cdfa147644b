import { matchKey } from '../../../model/words.js';
import { nearnessTo } from '../score/lexical.js';
import { REQUEST_STOP_WORDS } from '../text/stop-words.js';
import type { WordVectors } from '../../../project/bundled-words.js';

/** Query-match terms of a name or question: camelCase, snake_case and kebab-case split, stop words out; each word's match key and lower-case form. */
export function matchTerms(s: string): Array<{ key: string; word: string }> {
  const spaced = s.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2').replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2');
  const out: Array<{ key: string; word: string }> = [];
  for (const w of spaced.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!w || REQUEST_STOP_WORDS.has(w)) continue;
    const k = matchKey(w);
    if (k) out.push({ key: k, word: w });
  }
  return out;
}

export const matchWords = (s: string): string[] => matchTerms(s).map((t) => t.key);

/** Words within this cosine of a query word's nearest document word match it as well. */
const NEAR_SPREAD = 0.05;

/**
 * For each query word, the match keys of the document words nearest to it in the word vectors
 * (cosine above `threshold`, within NEAR_SPREAD of the best) and the best cosine rescaled from
 * `threshold` (0) to 1 (the text path's `nearnessTo`); undefined where no document word is that near.
 */
export function nearestWords(
  queryWords: readonly string[],
  documentWords: ReadonlyMap<string, string>,
  vectors: WordVectors,
  threshold: number,
): Array<{ keys: string[]; nearness: number } | undefined> {
  const nearness = nearnessTo(queryWords, vectors, threshold);
  const rows: Array<[string, Float32Array]> = [];
  for (const [key, word] of documentWords) {
    const row = nearness(word);
    if (row) rows.push([key, row]);
  }
  const spread = NEAR_SPREAD / (1 - threshold);
  return queryWords.map((_, q) => {
    let best = 0;
    for (const [, row] of rows) best = Math.max(best, row[q]!);
    if (best === 0) return undefined;
    return { keys: rows.filter(([, row]) => row[q]! > 0 && row[q]! >= best - spread).map(([key]) => key), nearness: best };
  });
}

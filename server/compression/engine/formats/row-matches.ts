import { matchKey } from '../../../model/words.js';
import { matchTerms } from './query-terms.js';

/** A query word found in more than this share of the rows tells none of them apart. */
const COMMON_SHARE = 0.5;

/**
 * How strongly each row holds the query's words: per query word found, its log-scaled rarity among the
 * rows (0 in more than half). A row word matches by match key or by holding it (`python` in
 * `libpython3.11-stdlib`); a 3-letter query word only by starting it. 0 for every row without a query.
 */
export function rowMatches(rows: readonly string[], query: string | undefined): number[] {
  const terms = [...new Map(matchTerms(query ?? '').map((t) => [t.key, t.word])).entries()];
  if (terms.length === 0 || rows.length === 0) return rows.map(() => 0);
  const found = rows.map((row) => {
    const words = row.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    const keys = new Set(words.map(matchKey));
    return terms.map(([key, word]) => keys.has(key) || (word.length >= 3 && words.some((w) => (word.length >= 4 ? w.includes(word) : w.startsWith(word)))));
  });
  const weights = terms.map((_, t) => {
    const df = found.filter((f) => f[t]).length;
    return df === 0 || df > COMMON_SHARE * rows.length ? 0 : Math.log(1 + rows.length / df);
  });
  return found.map((f) => f.reduce((s, hit, t) => s + (hit ? weights[t]! : 0), 0));
}

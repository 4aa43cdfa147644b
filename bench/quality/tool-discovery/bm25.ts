/**
 * Baselines of the tool-discovery benchmark: Okapi BM25 over each tool's text (tool-text.ts;
 * the engine's term split and stop list, Porter stems; k1 1.2, b 0.75; statistics of the pool
 * in the request, as a route sees only that), and a seeded random pick. Both return exactly
 * `k` names; ties keep definition order.
 */
import { stemmer } from 'stemmer';
import { terms } from '../../../server/compression/engine/score/lexical.js';
import { toolText } from './tool-text.js';

const K1 = 1.2;
const B = 0.75;

const stems = (text: string) => terms(text).map((w) => stemmer(w));

/** BM25 score of each tool of the pool against the query, in pool order. */
export function bm25Scores(query: string, pool: ReadonlyArray<{ name: string; description?: string; parameters?: Record<string, unknown> | null }>): number[] {
  const docs = pool.map((t) => {
    const tf = new Map<string, number>();
    const words = stems(toolText(t));
    for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
    return { tf, length: words.length };
  });
  const avg = docs.reduce((s, d) => s + d.length, 0) / Math.max(1, docs.length) || 1;
  const df = new Map<string, number>();
  for (const d of docs) for (const w of d.tf.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const q = [...new Set(stems(query))];
  return docs.map((d) => {
    let score = 0;
    for (const w of q) {
      const f = d.tf.get(w);
      if (!f) continue;
      const n = df.get(w)!;
      const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
      score += (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.length) / avg));
    }
    return score;
  });
}

/** Indexes of the `k` best scores, best first; equal scores keep pool order. */
export function topK(scores: readonly number[], k: number): number[] {
  return scores
    .map((s, i) => ({ s, i }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, k)
    .map(({ i }) => i);
}

/** The `k` tools BM25 ranks first for the query. */
export function bm25Pick(query: string, pool: ReadonlyArray<{ name: string; description?: string; parameters?: Record<string, unknown> | null }>, k: number): string[] {
  return topK(bm25Scores(query, pool), k).map((i) => pool[i]!.name);
}

/** `k` distinct tools of the pool at random. */
export function randomPick(pool: ReadonlyArray<{ name: string }>, k: number, random: () => number): string[] {
  const idx = pool.map((_, i) => i);
  for (let i = 0; i < Math.min(k, idx.length); i++) {
    const j = i + Math.floor(random() * (idx.length - i));
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  return idx.slice(0, k).map((i) => pool[i]!.name);
}

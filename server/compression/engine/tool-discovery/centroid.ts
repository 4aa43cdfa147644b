import { GLUE } from '../text/stop-words.js';
import type { WordVectors } from '../../../project/bundled-words.js';

/**
 * A text's gist as one vector: the mean of its words' unit vectors, each weighted by its corpus
 * rarity (common words say little), itself of unit length; undefined when no word has a vector.
 * Matches a paraphrase as a whole where no single word pair is near enough.
 */
export function centroid(words: Iterable<string>, vectors: WordVectors, ranks: ReadonlyMap<string, number> | undefined): Float32Array | undefined {
  const out = new Float32Array(vectors.dim);
  const last = ranks ? Math.log(2 + ranks.size) : 1;
  let any = false;
  for (const w of words) {
    if (GLUE.has(w)) continue;
    const j = vectors.index.get(w);
    if (j === undefined) continue;
    const rank = ranks?.get(w);
    const weight = ranks && rank !== undefined ? Math.log(2 + rank) / last : 1;
    let norm = 0;
    for (let k = 0, y = j * vectors.dim; k < vectors.dim; k++) norm += vectors.data[y + k]! ** 2;
    if (norm === 0) continue;
    const f = weight / Math.sqrt(norm);
    for (let k = 0, y = j * vectors.dim; k < vectors.dim; k++) out[k] = out[k]! + f * vectors.data[y + k]!;
    any = true;
  }
  if (!any) return undefined;
  const n = Math.sqrt(out.reduce((s, x) => s + x * x, 0));
  return n > 0 ? out.map((x) => x / n) : undefined;
}

/** Cosine of two unit vectors (0 when either is missing). */
export function cosine(a: Float32Array | undefined, b: Float32Array | undefined): number {
  if (!a || !b) return 0;
  let dot = 0;
  for (let k = 0; k < a.length; k++) dot += a[k]! * b[k]!;
  return dot;
}

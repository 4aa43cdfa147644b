import type { WordVectors } from '../../../project/bundled-words.js';

/** Cosine of two words (1 for the same word), or 0 when either has no vector. */
export function similarity(v: WordVectors, a: string, b: string): number {
  if (a === b) return 1;
  const i = v.index.get(a);
  const j = v.index.get(b);
  if (i === undefined || j === undefined) return 0;
  return cosineAt(v, i, j);
}

/** Cosine of the words at rows `i` and `j` of the vectors. */
export function cosineAt(v: WordVectors, i: number, j: number): number {
  let dot = 0;
  for (let k = 0, x = i * v.dim, y = j * v.dim; k < v.dim; k++) dot += v.data[x + k]! * v.data[y + k]!;
  return dot / (127 * 127);
}

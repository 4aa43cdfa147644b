import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OWN_WEIGHT, retrofit } from '../../../../scripts/retrofit-word-vectors.js';
import { similarity } from '../../../../server/compression/engine/score/word-vectors.js';
import { wordVectors, type WordVectors } from '../../../../server/project/bundled-words.js';

const cosine = (data: Int8Array, dim: number, i: number, j: number) => {
  let dot = 0;
  for (let k = 0; k < dim; k++) dot += data[i * dim + k]! * data[j * dim + k]!;
  return dot / (127 * 127);
};

describe('word vectors retrofitted to WordNet (scripts/retrofit-word-vectors.ts)', () => {
  // Three unit vectors in 3 dimensions: rows 0 and 1 are neighbours, row 2 has none.
  const data = Int8Array.from([127, 0, 0, 0, 127, 0, 0, 0, 127]);
  const neighbours = [[1], [0], []];

  it('pulls neighbours together and keeps each row a unit vector', () => {
    const out = retrofit(data, 3, neighbours);
    expect(cosine(data, 3, 0, 1)).toBe(0);
    expect(cosine(out, 3, 0, 1)).toBeGreaterThan(0.3);
    // each word stays nearer its own trained vector than its neighbour's
    expect(out[0]!).toBeGreaterThan(out[1]!);
    expect(out[4]!).toBeGreaterThan(out[3]!);
    for (let i = 0; i < 3; i++) expect(cosine(out, 3, i, i)).toBeCloseTo(1, 1);
  });

  it('leaves a word without neighbours where it was, and the weight of its own vector bounds the pull', () => {
    const out = retrofit(data, 3, neighbours);
    expect(Array.from(out.slice(6))).toEqual([0, 0, 127]);
    expect(cosine(retrofit(data, 3, neighbours, 100), 3, 0, 1)).toBeLessThan(0.05);
    expect(cosine(retrofit(data, 3, neighbours, OWN_WEIGHT, 0), 3, 0, 1)).toBe(0);
  });

  it('is what the engine reads: WordNet synonyms nearer than in the trained vectors, unrelated words still apart', () => {
    const served = wordVectors()!;
    const raw = readFileSync(new URL('../../../../models/wordvec/vectors.i8', import.meta.url));
    const trained: WordVectors = { ...served, data: new Int8Array(raw.buffer, raw.byteOffset, raw.byteLength) };
    for (const [a, b] of [['big', 'large'], ['error', 'mistake'], ['delete', 'remove']] as const) {
      expect(similarity(served, a, b)).toBeGreaterThan(similarity(trained, a, b) + 0.05);
    }
    expect(similarity(served, 'car', 'banana')).toBeLessThan(0.5);
    expect(similarity(served, 'car', 'automobile')).toBeGreaterThan(similarity(served, 'car', 'banana') + 0.3);
  });
});

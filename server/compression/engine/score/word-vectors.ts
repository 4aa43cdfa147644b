import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../../../project/project-root.js';

/**
 * Word vectors trained on the project's corpus (scripts/train/word_vectors.py) and retrofitted to
 * WordNet (scripts/retrofit-word-vectors.ts): unit vectors stored as int8 (x127), one row per word
 * of `vocab.txt`. The engine uses them to match query words the text paraphrases ("downtime" for
 * "maintenance window"), where BM25 sees nothing.
 */
export interface WordVectors {
  dim: number;
  index: ReadonlyMap<string, number>;
  data: Int8Array;
}

const DIR = fromRoot('models', 'wordvec') + '/';
let loaded: { vectors: WordVectors | undefined } | undefined;

/** The bundled vectors (`models/wordvec/` of this package), read once per process; undefined when absent. */
export function wordVectors(): WordVectors | undefined {
  if (loaded) return loaded.vectors;
  let vectors: WordVectors | undefined;
  const vocabFile = path.join(DIR, 'vocab.txt');
  const dataFile = path.join(DIR, 'retrofitted.i8');
  if (existsSync(vocabFile) && existsSync(dataFile)) {
    const words = readFileSync(vocabFile, 'utf8').split('\n').filter((w) => w.length > 0);
    const raw = readFileSync(dataFile);
    const data = new Int8Array(raw.buffer, raw.byteOffset, raw.byteLength);
    const dim = data.length / words.length;
    if (Number.isInteger(dim) && dim > 0) vectors = { dim, index: new Map(words.map((w, i) => [w, i])), data };
  }
  loaded = { vectors };
  return vectors;
}

/**
 * The vectors' words by how often the corpus uses them (scripts/train/word_vectors.py writes
 * vocab.txt most frequent first, so a word's row is its rank), or undefined without the files.
 */
export function wordRanks(): ReadonlyMap<string, number> | undefined {
  return wordVectors()?.index;
}

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

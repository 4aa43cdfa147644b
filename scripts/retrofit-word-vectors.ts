/**
 * Writes `models/wordvec/retrofitted.i8`: the corpus-trained word vectors (`vectors.i8`, written by
 * scripts/train/word_vectors.py) retrofitted to WordNet (`models/wordnet/related.txt.gz`, written by
 * scripts/build-wordnet.ts), after Faruqui et al., "Retrofitting Word Vectors to Semantic Lexicons"
 * (NAACL 2015). Each word moves towards the mean of its WordNet neighbours' vectors while staying
 * near its own: skip-gram on 17.8M words puts "downtime" near "uptime" (same contexts) but leaves
 * many a word and its synonym or broader term apart, which is what a paraphrased question needs.
 * The engine's soft matching reads the retrofitted file (server/compression/engine/score/word-vectors.ts).
 *
 * Deterministic (Jacobi updates in row order, float64, then int8), so `--check` can compare the
 * committed file with a fresh build and exit 1 when it differs; CI runs it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { wordRelations } from '../server/project/bundled-words.js';

const DIR = fileURLToPath(new URL('../models/wordvec/', import.meta.url));
const OUT_FILE = path.join(DIR, 'retrofitted.i8');

/**
 * Weight of a word's own trained vector against the mean of its neighbours' (which weighs 1).
 * Chosen on the development sets (paraphrased needles, FAQ questions): 1, 2, 3, 4 and 5 tried.
 */
export const OWN_WEIGHT = 3;
/** Rounds of updates: the mean over neighbours settles within ten (the paper's choice too). */
export const ROUNDS = 10;

/**
 * Retrofits unit vectors (rows of `dim`, int8 x127) to a graph of neighbours (row indices).
 * Each round, a word with neighbours becomes (OWN_WEIGHT x its trained vector + the mean of its
 * neighbours' current vectors) / (OWN_WEIGHT + 1); a word without any keeps its trained vector.
 * Returns unit vectors as int8 x127 again.
 */
export function retrofit(data: Int8Array, dim: number, neighbours: readonly (readonly number[])[], ownWeight = OWN_WEIGHT, rounds = ROUNDS): Int8Array {
  const n = neighbours.length;
  const trained = Float64Array.from(data, (x) => x / 127);
  let current = trained;
  for (let round = 0; round < rounds; round++) {
    const next = new Float64Array(n * dim);
    for (let i = 0; i < n; i++) {
      const near = neighbours[i]!;
      if (near.length === 0) {
        next.set(trained.subarray(i * dim, (i + 1) * dim), i * dim);
        continue;
      }
      for (let k = 0; k < dim; k++) {
        let sum = 0;
        for (const j of near) sum += current[j * dim + k]!;
        next[i * dim + k] = (ownWeight * trained[i * dim + k]! + sum / near.length) / (ownWeight + 1);
      }
    }
    current = next;
  }
  const out = new Int8Array(n * dim);
  for (let i = 0; i < n; i++) {
    let norm = 0;
    for (let k = 0; k < dim; k++) norm += current[i * dim + k]! ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let k = 0; k < dim; k++) out[i * dim + k] = Math.round((current[i * dim + k]! / norm) * 127);
  }
  return out;
}

/** The retrofitted bundled vectors: each vocabulary word's WordNet neighbours that have a row. */
function build(): Buffer {
  const words = readFileSync(path.join(DIR, 'vocab.txt'), 'utf8').split('\n').filter((w) => w.length > 0);
  const raw = readFileSync(path.join(DIR, 'vectors.i8'));
  const data = new Int8Array(raw.buffer, raw.byteOffset, raw.byteLength);
  const relations = wordRelations();
  if (!relations) throw new Error('models/wordnet/related.txt.gz is missing: run `npm run build:wordnet` first');
  const row = new Map(words.map((w, i) => [w, i]));
  const neighbours = words.map((w, i) => [...new Set(relations.neighbours(w).map((r) => row.get(r)))].filter((j): j is number => j !== undefined && j !== i));
  const out = retrofit(data, data.length / words.length, neighbours);
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

function main(): void {
  const fresh = build();
  if (process.argv.includes('--check')) {
    if (!existsSync(OUT_FILE) || !fresh.equals(readFileSync(OUT_FILE))) {
      console.error('models/wordvec/retrofitted.i8 is stale: run `npm run build:retrofit` and commit it.');
      process.exit(1);
    }
    console.log('models/wordvec/retrofitted.i8 is up to date.');
    return;
  }
  writeFileSync(OUT_FILE, fresh);
  console.log(`wrote ${OUT_FILE} (${fresh.length} bytes)`);
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) main();

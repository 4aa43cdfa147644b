import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fromRoot } from './project-root.js';

// The bundled word files the engine's soft matching reads (models/wordvec, models/wordnet): read
// here, once per process, so the engine's stages themselves do no I/O.

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
let loadedVectors: { vectors: WordVectors | undefined } | undefined;

/** The bundled vectors (`models/wordvec/` of this package), read once per process; undefined when absent. */
export function wordVectors(): WordVectors | undefined {
  if (loadedVectors) return loadedVectors.vectors;
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
  loadedVectors = { vectors };
  return vectors;
}

/**
 * The vectors' words by how often the corpus uses them (scripts/train/word_vectors.py writes
 * vocab.txt most frequent first, so a word's row is its rank), or undefined without the files.
 */
export function wordRanks(): ReadonlyMap<string, number> | undefined {
  return wordVectors()?.index;
}

/**
 * WordNet neighbours of a word (`models/wordnet/related.txt.gz`, scripts/build-wordnet.ts, WordNet 3.1):
 * synonyms, hypernyms, hyponyms, derivations, phrases by their head word. Soft matching uses them where
 * the vectors have no row (rare words) or do not connect a word and its broader or narrower term.
 */
export interface WordRelations {
  /** The neighbours of `word` (lowercase), or of its uninflected form; empty when WordNet has neither. */
  neighbours(word: string): readonly string[];
}

const FILE = fromRoot('models', 'wordnet', 'related.txt.gz');
const HEADER = /^crema-wordnet 1 (\d+)$/u;
/** Inflections undone to find a lemma, tried in order ("hives" -> "hive", "carried" -> "carry"). */
const ENDINGS: ReadonlyArray<readonly [string, string]> = [
  ['ies', 'y'],
  ['ves', 'f'],
  ['es', ''],
  ['s', ''],
  ['ied', 'y'],
  ['ed', 'e'],
  ['ed', ''],
  ['ing', 'e'],
  ['ing', ''],
  ['er', ''],
  ['est', ''],
];

/** Parses the file's text: one line per word, sorted, with the line numbers of its neighbours. */
export function parseRelations(text: string): WordRelations {
  const lines = text.split('\n');
  const count = Number(HEADER.exec(lines[0] ?? '')?.[1] ?? NaN);
  if (!Number.isInteger(count) || lines.length < count + 1) throw new Error('word relations: not a crema-wordnet 1 file');
  const words: string[] = new Array(count);
  const index = new Map<string, number>();
  // Neighbour lists stay text until asked for: most words are never looked up.
  const lists: string[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const line = lines[i + 1]!;
    const tab = line.indexOf('\t');
    words[i] = line.slice(0, tab);
    lists[i] = line.slice(tab + 1);
    index.set(words[i]!, i);
  }
  const resolved = new Map<number, readonly string[]>();
  const at = (i: number) => {
    let out = resolved.get(i);
    if (!out) resolved.set(i, (out = lists[i] ? lists[i]!.split(' ').map((n) => words[Number(n)]!) : []));
    return out;
  };
  return {
    neighbours(word) {
      const own = index.get(word);
      if (own !== undefined) return at(own);
      for (const [ending, replacement] of ENDINGS) {
        if (word.length <= ending.length + 2 || !word.endsWith(ending)) continue;
        const lemma = index.get(word.slice(0, -ending.length) + replacement);
        if (lemma !== undefined) return at(lemma);
      }
      return [];
    },
  };
}

let loadedRelations: { relations: WordRelations | undefined } | undefined;

/** The bundled relations, read once per process on first use; undefined when the file is absent. */
export function wordRelations(): WordRelations | undefined {
  if (loadedRelations) return loadedRelations.relations;
  loadedRelations = { relations: existsSync(FILE) ? parseRelations(gunzipSync(readFileSync(FILE)).toString('utf8')) : undefined };
  return loadedRelations.relations;
}

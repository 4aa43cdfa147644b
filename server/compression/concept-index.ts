import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fromRoot } from '../project/project-root.js';

const DIR = fromRoot('models', 'concepts');
/** Ends a text in texts.u16 (scripts/build-concept-vectors.ts). */
const END = 0xffff;
const K1 = 1.2;
const B = 0.5;
/** A text's score is scaled by the share of the query's words it holds, to this power. */
export const COORDINATION_DEFAULT = 2;
let COORDINATION = COORDINATION_DEFAULT;
/** For the tuning harness: another coordination power. */
export function setCoordination(power: number): void {
  COORDINATION = power;
}

/**
 * Short texts that describe things by what they do (Debian package descriptions, WordNet glosses,
 * npm package descriptions; scripts/build-concept-vectors.ts), indexed by word: a query's words
 * find the texts about the same thing, and those texts' other words are what the query means in
 * other wording ("spread traffic across servers" -> load, balancer).
 */
export interface ConceptIndex {
  /** Words of the texts that best match `words` (BM25, `texts` of them), weighted by match and rarity, best first. */
  expand(words: readonly string[], options: { texts: number; terms: number }): Array<{ word: string; weight: number }>;
}

function load(dir: string): ConceptIndex | undefined {
  const vocabFile = path.join(dir, 'vocab.txt');
  const textsFile = path.join(dir, 'texts.u16');
  if (!existsSync(vocabFile) || !existsSync(textsFile)) return undefined;
  const words = readFileSync(vocabFile, 'utf8').split('\n').filter((w) => w.length > 0);
  const index = new Map(words.map((w, i) => [w, i]));
  const raw = readFileSync(textsFile);
  const ids = new Uint16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
  const starts: number[] = [0];
  const df = new Int32Array(words.length);
  for (let p = 0; p < ids.length; p++) {
    if (ids[p] === END) starts.push(p + 1);
    else df[ids[p]!]!++;
  }
  const n = starts.length - 1;
  // Postings: for word j, the texts holding it, at post[at[j] .. at[j + 1]).
  const at = new Int32Array(words.length + 1);
  for (let j = 0; j < words.length; j++) at[j + 1] = at[j]! + df[j]!;
  const fill = at.slice(0, words.length);
  const post = new Int32Array(at[words.length]!);
  const length = new Float64Array(n);
  for (let d = 0; d < n; d++) {
    length[d] = starts[d + 1]! - 1 - starts[d]!;
    for (let p = starts[d]!; p < starts[d + 1]! - 1; p++) post[fill[ids[p]!]!++] = d;
  }
  const avg = length.reduce((a, b) => a + b, 0) / Math.max(1, n);
  const idf = Float64Array.from(df, (f) => Math.log(1 + (n - f + 0.5) / (f + 0.5)));
  return {
    expand(query, { texts, terms }) {
      const score = new Map<number, number>();
      const hits = new Map<number, number>();
      const known = [...new Set(query.map((w) => index.get(w)).filter((j): j is number => j !== undefined))];
      for (const j of known)
        for (let p = at[j]!; p < at[j + 1]!; p++) {
          const d = post[p]!;
          score.set(d, (score.get(d) ?? 0) + (idf[j]! * (K1 + 1)) / (1 + K1 * (1 - B + (B * length[d]!) / avg)));
          hits.set(d, (hits.get(d) ?? 0) + 1);
        }
      // A text that says several of the query's words is about the query; one rare word alone often is not.
      for (const [d, s] of score) score.set(d, s * (hits.get(d)! / known.length) ** COORDINATION);
      const top = [...score].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, texts);
      const best = top[0]?.[1] ?? 0;
      const weight = new Map<number, number>();
      for (const [d, s] of top)
        for (let p = starts[d]!; p < starts[d + 1]! - 1; p++) weight.set(ids[p]!, (weight.get(ids[p]!) ?? 0) + (s / best) * idf[ids[p]!]! / Math.sqrt(length[d]!));
      return [...weight]
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, terms)
        .map(([j, w]) => ({ word: words[j]!, weight: w }));
    },
  };
}

const cache = new Map<string, ConceptIndex | undefined>();

/** The bundled concept index (`models/concepts/`), read once per folder; undefined when absent. */
export function conceptIndex(dir = DIR): ConceptIndex | undefined {
  if (!cache.has(dir)) cache.set(dir, load(dir));
  return cache.get(dir);
}

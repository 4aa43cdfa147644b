/**
 * Engine rules benchmark (`npm run bench:rules`): over a sweep of ratios (0.1..0.9 and 2..200) on
 * 500+ real contexts, counts what the engine must never do: an empty output, an output that grows
 * as the ratio rises, an orphan run (a kept run of one or two words with no content word), an
 * unmatched code fence. Contexts: SQuAD 2.0 dev paragraphs with their questions (latte_v2; a test
 * set, measured only), README prose and raw README markdown with code (espresso_v1, no query).
 * Flags: --limit N (contexts per source), --models DIR, --out DIR; to iterate on a few rows:
 * --sources squad,prose,markdown (a subset), --file SUBSTRING (README markdown files whose path holds it).
 */
import { parseArgs } from 'node:util';
import { createEngine, type EngineRequest } from '../../server/compression/engine/engine.js';
import type { WeightsId } from '../../server/catalog/model-catalog.js';
import { createOnnxWordScorer } from '../../server/model/onnx-word-scorer.js';
import { machineHeader, packageReadmes, pct, readmeProse, Report } from '../lib/common.js';
import { memoScorer } from '../lib/scorers.js';
import { haystack, loadSquad, rng } from '../lib/squad.js';

const { values: args } = parseArgs({
  options: {
    limit: { type: 'string' },
    models: { type: 'string', default: 'models' },
    out: { type: 'string', default: 'bench/out' },
    sources: { type: 'string', default: 'squad,prose,markdown' },
    file: { type: 'string' },
  },
});
const limit = args.limit ? Number(args.limit) : Infinity;
const sources = new Set(args.sources!.split(','));
const RATIOS = [[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9], [2, 3, 4, 5, 10, 20, 30, 50, 100, 200]];
const GLUE = /^(?:a|an|the|of|in|on|at|to|for|from|by|with|and|or|but|is|are|was|were|be|it|its|as|that|this|which)$/iu;

/** A single line joining two kept code blocks, with no marker or blank line around it. */
const BETWEEN_CODE = /^[^\S\n]*\n[^\n]*\n[^\S\n]{0,3}$/u;

/**
 * Kept runs (text between markers, paragraph breaks or code blocks) of one or two words. A line
 * joining two code blocks ("or" between two install commands) is read with them, not as a run.
 */
function shortRuns(out: string): string[] {
  const between = out.split(/```[\s\S]*?```/u);
  return between
    .filter((t, i) => i === 0 || i === between.length - 1 || !BETWEEN_CODE.test(t) || /\[\.\.\.\]/u.test(t))
    .join('\n\n')
    .split(/\s*(?<=^|\s)\[\.\.\.\](?=\s|$)\s*|\n\s*\n/u)
    .map((r) => r.trim())
    .filter((r) => r && r.split(/\s+/u).length <= 2);
}

/** Short runs with no content word. */
function orphans(out: string): string[] {
  return shortRuns(out).filter((r) => r.split(/\s+/u).every((w) => !/[\p{L}\p{N}]/u.test(w) || GLUE.test(w.replace(/^[\p{P}]+|[\p{P}]+$/gu, ''))));
}

interface Context {
  source: string;
  file?: string;
  text: string;
  query?: string | undefined;
  weights: WeightsId;
}

const squad = loadSquad();
const seen = new Set<string>();
const contexts: Context[] = [];
for (const item of sources.has('squad') ? squad.items : []) {
  const paragraph = squad.paragraphs[item.gold]!;
  if (seen.has(paragraph) || contexts.length >= Math.min(limit, 1000)) continue;
  seen.add(paragraph);
  contexts.push({ source: 'SQuAD paragraph + question', text: paragraph, query: item.question, weights: 'latte_v2' });
}
const random = rng(11);
for (const [i, item] of (sources.has('squad') ? squad.items : []).slice(0, Math.min(limit, 200)).entries()) {
  contexts.push({ source: 'SQuAD gold + 3 distractors', text: haystack(squad, item, 3, i, random), query: item.question, weights: 'latte_v2' });
}
const nSquad = contexts.length;
const nProse = contexts.filter((c) => c.source === 'README prose').length;
for (const p of sources.has('prose') ? readmeProse(Math.min(limit, 200), rng(7)) : []) contexts.push({ source: 'README prose', text: p.text, weights: 'espresso_v1' });
let raw = 0;
for (const { file, text } of sources.has('markdown') ? packageReadmes() : []) {
  if (raw >= Math.min(limit, 150) || !text.includes('```') || text.length > 12_000) continue;
  raw++;
  // Counted before the --file filter, so the same 150 files are drawn with or without it.
  if (args.file && !file.includes(args.file)) continue;
  contexts.push({ source: 'README markdown with code', file, text, weights: 'espresso_v1' });
}

const engine = createEngine(memoScorer(createOnnxWordScorer({ modelsDir: args.models! }), 256));
type Cell = { cuts: number; empty: number; rises: number; orphanOutputs: number; orphanRuns: number; fences: number; shortRuns: number };
const cells = new Map<string, Cell>();
const examples: string[] = [];
const orphanExamples: string[] = [];
const started = performance.now();
for (const [i, c] of contexts.entries()) {
  for (const coarse of [true, false]) {
    const key = `${c.source}, ${coarse ? 'coarse' : 'fine'}`;
    const cell = cells.get(key) ?? { cuts: 0, empty: 0, rises: 0, orphanOutputs: 0, orphanRuns: 0, fences: 0, shortRuns: 0 };
    cells.set(key, cell);
    for (const scale of RATIOS) {
      let previous = Infinity;
      for (const ratio of scale) {
        const req: EngineRequest = { context: c.text, query: c.query, weights: c.weights, ratio, defaultRatio: 0.5, coarse, heuristicChunking: false, placeholders: true };
        const [r] = await engine.compress([req]);
        cell.cuts++;
        if (!r!.compressed.trim()) cell.empty++;
        if (r!.compressedTokens > previous) {
          cell.rises++;
          if (examples.length < 10) examples.push(`${key}${c.file ? ` (${c.file})` : ''}, ratio ${ratio} of ${r!.originalTokens} tokens: ${r!.compressedTokens} tokens after ${previous} at the ratio before`);
        }
        previous = r!.compressedTokens;
        const o = orphans(r!.compressed);
        if (o.length) cell.orphanOutputs++;
        if (o.length && orphanExamples.length < 10) orphanExamples.push(`${key}${c.file ? ` (${c.file})` : ''}, ratio ${ratio}: ${o.map((r) => JSON.stringify(r)).join(', ')}`);
        cell.orphanRuns += o.length;
        cell.shortRuns += shortRuns(r!.compressed).length;
        if ((r!.compressed.match(/^\s{0,3}(?:```|~~~)/gmu) ?? []).length % 2) cell.fences++;
      }
    }
  }
  if ((i + 1) % 100 === 0) console.error(`rules: ${i + 1}/${contexts.length} contexts, ${Math.round((performance.now() - started) / 1000)} s`);
}

const report = new Report('engine-rules');
report.print('## engine rules');
report.print();
report.print(machineHeader());
report.print();
report.print(
  `${contexts.length} contexts (${nSquad} SQuAD paragraphs, alone or with 3 distractors, with their questions on latte_v2; ${nProse} README prose passages and ${contexts.length - nSquad - nProse} README markdown files with code on espresso_v1), each cut at 19 ratios (0.1..0.9, 2..200), coarse and fine. "Rises": a higher ratio gave more tokens than the next lower one on the same scale.`,
);
report.print();
const rows = [...cells].map(([k, c]) => [k, String(c.cuts), String(c.empty), String(c.rises), `${c.orphanOutputs} (${c.orphanRuns} runs)`, String(c.fences), String(c.shortRuns)]);
const total = [...cells.values()].reduce((a, c) => ({
  cuts: a.cuts + c.cuts, empty: a.empty + c.empty, rises: a.rises + c.rises, orphanOutputs: a.orphanOutputs + c.orphanOutputs, orphanRuns: a.orphanRuns + c.orphanRuns, fences: a.fences + c.fences, shortRuns: a.shortRuns + c.shortRuns,
}));
rows.push(['all', String(total.cuts), String(total.empty), String(total.rises), `${total.orphanOutputs} (${total.orphanRuns} runs)`, String(total.fences), String(total.shortRuns)]);
// The last column is not a rule: a run of one or two words can be a whole short sentence or list item.
report.table('violations (target 0 in every column but the last)', ['contexts, mode', 'outputs', 'empty', 'rises', 'with orphan runs', 'unmatched fences', 'runs of 1-2 words'], rows);
if (examples.length) {
  report.print('rises (first 10):');
  report.print();
  for (const e of examples) report.print(`- ${e}`);
  report.print();
}
if (orphanExamples.length) {
  report.print('orphan runs (first 10):');
  report.print();
  for (const e of orphanExamples) report.print(`- ${e}`);
  report.print();
}
report.print(`summary: ${total.cuts} outputs; empty ${total.empty}, rises ${total.rises} (${pct(total.rises, total.cuts)}), orphan outputs ${total.orphanOutputs}, unmatched fences ${total.fences}.`);
report.write(args.out!, { contexts: contexts.length, cells: Object.fromEntries(cells), total });

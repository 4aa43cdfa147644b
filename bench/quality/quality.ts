/**
 * Quality benchmark (`npm run bench:quality`): answer-span retention on real SQuAD 2.0 questions
 * (validation data, never trained on) for the bundled models against BM25 sentence selection,
 * first-N truncation and random sentences, at the ratio each method actually achieved; plus
 * espresso's entity and number retention at 2x and each model's scoring speed.
 *
 * SQuAD is a test set: nothing is tuned on it. The report adds the low-overlap slice (questions whose
 * answer sentence shares at most one content stem with the question, `lowOverlapItems`), where
 * word matching cannot help.
 *
 * Flags: --limit N (questions per setting, default all), --distractors 9,19, --models DIR,
 * --data FILE, --out DIR, --slice low-overlap (run only that slice), --dev (the development set,
 * bench/quality/dev-faq.ts, instead of SQuAD: the one weights are chosen on; --sources debian,fetchmail,sqlite picks
 * its FAQs, default debian), --methods a,b (only those rows).
 *
 * `--family <id>` benchmarks another family instead (question-agnostic, markdown, tool-output,
 * history): bench/quality/families/<id>.ts, with its own flags (--limit N, --models DIR, --out DIR).
 * Without it, or with `--family question-specific`, this file's SQuAD benchmark runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine, type EngineRequest } from '../../server/compression/engine/engine.js';
import type { EngineTuning } from '../../server/compression/engine/tuning.js';
import type { WeightsId } from '../../server/catalog/model-catalog.js';
import { countTokens } from '../../server/compression/engine/text/tokens.js';
import { createOnnxWordScorer } from '../../server/model/onnx-word-scorer.js';
import type { ScoreRequest, WordScorer } from '../../server/model/word-scorer.js';
import { memoScorer } from '../lib/scorers.js';
import { bm25Sentences, randomSentences, truncate } from '../lib/baselines.js';
import { devSources, evidenceKept, loadDevFaq } from './dev-faq.js';
import { coarseToFineFlag } from '../lib/common.js';
import { haystack, loadSquad, lowOverlapItems, retained, rng, DEFAULT_SQUAD } from '../lib/squad.js';
import { lineChart, type Series } from '../lib/svg-plot.js';

const OTHER_FAMILIES = ['question-agnostic', 'markdown', 'tool-output', 'history'];
const { values: pick } = parseArgs({ options: { family: { type: 'string' } }, strict: false });
if (pick.family !== undefined && pick.family !== 'question-specific') {
  if (typeof pick.family !== 'string' || !OTHER_FAMILIES.includes(pick.family)) {
    throw new Error(`--family must be one of question-specific, ${OTHER_FAMILIES.join(', ')}`);
  }
  const bench = (await import(`./families/${pick.family}.js`)) as { main: (argv: readonly string[]) => Promise<void> };
  await bench.main(process.argv.slice(2));
  // onnxruntime's thread pool can keep the process alive; the report is written by now.
  process.exit(0);
}

const { values: args } = parseArgs({
  options: {
    family: { type: 'string' },
    limit: { type: 'string' },
    distractors: { type: 'string', default: '9,19' },
    models: { type: 'string', default: 'models' },
    data: { type: 'string' },
    out: { type: 'string', default: 'bench/out' },
    slice: { type: 'string' },
    dev: { type: 'boolean', default: false },
    sources: { type: 'string', default: 'debian' },
    methods: { type: 'string' },
    window: { type: 'string' },
    c2f: { type: 'string' },
    overlap: { type: 'string' },
  },
});
if (args.slice !== undefined && args.slice !== 'low-overlap') throw new Error('--slice must be low-overlap');

const NX = [2, 4, 10, 20, 50];
const sources = devSources(args.sources!);
const set = args.dev ? loadDevFaq(sources) : loadSquad(args.data ?? DEFAULT_SQUAD);
const answerKept = (out: string, item: (typeof set.items)[number]) => (args.dev ? evidenceKept(out, item.answers[0]!, item.question) : retained(out, item.answers));
const setName = args.dev ? `FAQ questions of ${sources.join(' + ')} (development set)` : 'answerable SQuAD 2.0 dev questions (test set)';
const reportName = args.dev ? `quality-dev${sources.join(',') === 'debian' ? '' : `-${sources.join('-')}`}` : 'quality';
const lowOverlap = new Set(lowOverlapItems(set));
/** Positions into `set.items`, so slice membership survives --limit and --slice. */
const chosen = set.items.map((_, i) => i).filter((i) => args.slice === undefined || lowOverlap.has(i));
const itemIds = chosen.slice(0, args.limit ? Number(args.limit) : undefined);
const items = itemIds.map((i) => set.items[i]!);
const sliceIds = itemIds.filter((i) => lowOverlap.has(i));
const distractors = args.distractors!.split(',').map(Number);

/** Times the real scoring calls per weights id (tokens/s in the report). */
function timedScorer(inner: WordScorer) {
  const speed = new Map<WeightsId, { tokens: number; ms: number }>();
  const scorer: WordScorer = {
    async score(requests: readonly ScoreRequest[]) {
      const t0 = performance.now();
      const out = await inner.score(requests);
      const ms = (performance.now() - t0) / requests.length;
      for (const r of requests) {
        const acc = speed.get(r.weights) ?? { tokens: 0, ms: 0 };
        acc.ms += ms;
        acc.tokens += countTokens(r.words.join(' '));
        speed.set(r.weights, acc);
      }
      return out;
    },
  };
  return { scorer, speed };
}

const onnx = createOnnxWordScorer({
  modelsDir: args.models!,
  ...(args.window ? { windowPieces: Number(args.window) } : {}),
  ...(args.overlap ? { overlap: Number(args.overlap) } : {}),
});
const { scorer, speed } = timedScorer(onnx);
// The last scores kept, so one scoring serves every ratio (the memo calls one request at a time).
const engine = createEngine(memoScorer(scorer, 9));

/** --c2f off scores every block; --c2f COVER,MIN_TOKENS[,REST] tries other coarse-to-fine settings (default: served). */
const coarseToFine: EngineTuning['coarseToFine'] = args.c2f === undefined ? undefined : coarseToFineFlag(args.c2f);
type Method = { name: string; run: (context: string, query: string, nx: number, budget: number, i: number) => Promise<string> };
const viaEngine = (weights: WeightsId, coarse: boolean, lexicalWeight?: number): Method['run'] => async (context, query, nx) => {
  const req: EngineRequest = { context, query, weights, ratio: nx, defaultRatio: 0.5, coarse, heuristicChunking: false, placeholders: false, tuning: { lexicalWeight, coarseToFine } };
  return (await engine.compress([req]))[0]!.compressed;
};
const allMethods: Method[] = [
  { name: 'latte_v1', run: viaEngine('latte_v1', true) },
  { name: 'latte_v1 fine', run: viaEngine('latte_v1', false) },
  { name: 'latte_v2', run: viaEngine('latte_v2', true) },
  { name: 'latte_v2 fine', run: viaEngine('latte_v2', false) },
  // the models alone, without the engine's lexical prior
  { name: 'v1 fine, model only', run: viaEngine('latte_v1', false, 0) },
  { name: 'v2 fine, model only', run: viaEngine('latte_v2', false, 0) },
  { name: 'BM25 sentences', run: async (c, q, _nx, budget) => bm25Sentences(c, q, budget) },
  { name: 'first-N truncation', run: async (c, _q, _nx, budget) => truncate(c, budget) },
  { name: 'random sentences', run: async (c, _q, _nx, budget, i) => randomSentences(c, budget, rng(1000 + i)) },
];
/**
 * --methods 'latte_v2,BM25 sentences' runs only those (quicker looks while developing). A comma
 * followed by a space belongs to a name ("v2 fine, model only"), so only bare commas separate.
 */
const chosenMethods = args.methods?.split(/,(?! )/u);
const methods = chosenMethods ? allMethods.filter((m) => chosenMethods.includes(m.name)) : allMethods;
if (chosenMethods && methods.length !== chosenMethods.length) {
  throw new Error(`--methods: unknown ${chosenMethods.filter((n) => !allMethods.some((m) => m.name === n)).join(', ')}`);
}

interface Cell {
  hits: number;
  sliceHits: number;
  sliceKept: number;
  sliceOriginal: number;
  keptTokens: number;
  originalTokens: number;
}
type Row = Record<number, { retention: number; kept: number }>;
const report: Record<string, Record<string, Row>> = {};
const sliceReport: Record<string, Record<string, Row>> = {};

for (const k of distractors) {
  const cells = new Map<string, Cell>();
  const random = rng(k);
  const started = performance.now();
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const context = haystack(set, item, k, i, random);
    const original = countTokens(context);
    for (const nx of NX) {
      const budget = Math.round(original / nx);
      for (const m of methods) {
        const out = await m.run(context, item.question, nx, budget, i);
        const key = `${m.name}|${nx}`;
        const c = cells.get(key) ?? { hits: 0, sliceHits: 0, sliceKept: 0, sliceOriginal: 0, keptTokens: 0, originalTokens: 0 };
        const hit = answerKept(out, item) ? 1 : 0;
        const kept = countTokens(out);
        c.hits += hit;
        c.keptTokens += kept;
        c.originalTokens += original;
        if (lowOverlap.has(itemIds[i]!)) {
          c.sliceHits += hit;
          c.sliceKept += kept;
          c.sliceOriginal += original;
        }
        cells.set(key, c);
      }
    }
    if ((i + 1) % 100 === 0) console.error(`k=${k}: ${i + 1}/${items.length} questions, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  report[`k${k}`] = {};
  sliceReport[`k${k}`] = {};
  for (const m of methods) {
    report[`k${k}`]![m.name] = {};
    sliceReport[`k${k}`]![m.name] = {};
    for (const nx of NX) {
      const c = cells.get(`${m.name}|${nx}`)!;
      report[`k${k}`]![m.name]![nx] = { retention: (100 * c.hits) / items.length, kept: c.keptTokens / c.originalTokens };
      sliceReport[`k${k}`]![m.name]![nx] = { retention: (100 * c.sliceHits) / Math.max(1, sliceIds.length), kept: c.sliceKept / Math.max(1, c.sliceOriginal) };
    }
  }
}

// espresso: entities and numbers kept at 2x on single paragraphs, against random and truncation.
const ENTITY = /(?<![.!?]\s)(?<=\s)\p{Lu}[\p{L}\p{N}'-]+|\b\d[\d.,]*\b/gu;
const espresso = { espresso_v1: { kept: 0, total: 0 }, 'random sentences': { kept: 0, total: 0 }, 'first-N truncation': { kept: 0, total: 0 } };
for (let p = 0; p < (args.dev ? 0 : set.paragraphs.length); p++) {
  const text = set.paragraphs[p]!;
  const entities = [...new Set(text.match(ENTITY) ?? [])];
  if (entities.length === 0) continue;
  const budget = Math.round(countTokens(text) / 2);
  const outs: Record<keyof typeof espresso, string> = {
    espresso_v1: (await engine.compress([{ context: text, weights: 'espresso_v1', ratio: 2, defaultRatio: 0.5, coarse: false, heuristicChunking: false, placeholders: false }]))[0]!.compressed,
    'random sentences': randomSentences(text, budget, rng(p)),
    'first-N truncation': truncate(text, budget),
  };
  for (const [name, out] of Object.entries(outs) as Array<[keyof typeof espresso, string]>) {
    espresso[name].total += entities.length;
    espresso[name].kept += entities.filter((e) => out.includes(e)).length;
  }
}

// Print.
const pct = (x: number) => `${x.toFixed(1)}%`.padStart(6);
const NAME_WIDTH = 22;
function printTable(title: string, table: Record<string, Record<string, Row>>) {
  console.log(`\n${title} (retention / tokens actually kept)\n`);
  for (const k of distractors) {
    console.log(`gold paragraph + ${k} distractors`);
    console.log(['method'.padEnd(NAME_WIDTH), ...NX.map((nx) => `${nx}x (${(100 / nx).toFixed(0)}%)`.padStart(18))].join(''));
    for (const m of methods) {
      const row = NX.map((nx) => {
        const c = table[`k${k}`]![m.name]![nx]!;
        return `${pct(c.retention)} @${pct(c.kept * 100)}`.padStart(18);
      });
      console.log([m.name.padEnd(NAME_WIDTH), ...row].join(''));
    }
    console.log();
  }
}
if (args.slice === undefined) printTable(`Answer retention on ${items.length} ${setName}`, report);
if (sliceIds.length > 0) printTable(`Low-overlap slice: ${sliceIds.length} of those questions, answer sentence sharing <= 1 content stem with the question`, sliceReport);
if (!args.dev) {
  console.log('espresso_v1: entities and numbers retained at 2x (single paragraphs)');
  for (const [name, v] of Object.entries(espresso)) console.log(`${name.padEnd(NAME_WIDTH)}${pct((100 * v.kept) / Math.max(1, v.total))}`);
}
console.log('\nscoring speed (this machine, onnxruntime CPU threads = all cores)');
for (const [w, s] of speed) console.log(`${w.padEnd(NAME_WIDTH)}${Math.round(s.tokens / (s.ms / 1000)).toLocaleString('en-US').padStart(10)} tokens/s`);

const out = args.out!;
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, `${reportName}.json`), JSON.stringify({ questions: items.length, report, lowOverlap: { questions: sliceIds.length, report: sliceReport }, espresso, speed: Object.fromEntries(speed) }, null, 2));
const last = distractors.at(-1)!;
const series: Series[] = methods.map((m) => ({
  name: m.name,
  points: NX.map((nx) => ({ x: report[`k${last}`]![m.name]![nx]!.kept, y: report[`k${last}`]![m.name]![nx]!.retention })),
}));
writeFileSync(path.join(out, `${reportName}.svg`), lineChart(`Answer retention, gold + ${last} distractors (${items.length} questions)`, series, 'tokens kept (log scale)', 'answer retained (%)'));
console.log(`\nwrote ${path.join(out, `${reportName}.json`)} and ${path.join(out, `${reportName}.svg`)}`);

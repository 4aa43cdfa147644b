/**
 * Per-language benchmark (`npm run bench:languages`): answer retention on cloze questions over
 * translated documentation (bench/data/multilingual, built by build-data.ts from Debian packages),
 * each a gold paragraph among 9 distractors of the same language, for latte_v2 and latte_v1 in
 * coarse and fine mode against BM25 sentence selection (the engine's own tokenisation), at 4x and 10x.
 *
 * --questions hand (default) takes the questions written by hand (bench/data/multilingual/questions,
 * a third of them dev by hash); --questions rule the cloze questions build-data.ts writes by rule.
 *
 * Flags: --split dev|test (default test; choose anything on dev only), --limit N (questions per
 * language), --languages en,zh,..., --methods 'latte_v2,BM25 sentences', --distractors 9,
 * --seed N (another draw of distractors), --models DIR, --out DIR (default bench/out; writes languages[-dev].json and .md).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine, type EngineRequest } from '../../../server/compression/engine/engine.js';
import type { WeightsId } from '../../../server/catalog/model-catalog.js';
import { countTokens } from '../../../server/compression/engine/text/tokens.js';
import { createOnnxWordScorer } from '../../../server/model/onnx-word-scorer.js';
import { bm25Sentences } from '../../lib/baselines.js';
import { memoScorer } from '../../lib/scorers.js';
import { haystack, rng } from '../../lib/squad.js';
import { answerKept, loadHandQuestions, loadLanguage } from './data.js';
import { LANGUAGES } from './sources.js';

const { values: args } = parseArgs({
  options: {
    split: { type: 'string', default: 'test' },
    questions: { type: 'string', default: 'hand' },
    limit: { type: 'string' },
    languages: { type: 'string', default: LANGUAGES.join(',') },
    methods: { type: 'string' },
    distractors: { type: 'string', default: '9' },
    /** Draws other distractors for the same questions (default 0: the committed tables' draw); a dev split read more ways. */
    seed: { type: 'string', default: '0' },
    models: { type: 'string', default: 'models' },
    out: { type: 'string', default: 'bench/out' },
    /** The engine's lexical weight for every language (default: its own choice by script, language.ts). */
    'lexical-weight': { type: 'string' },
  },
});
if (args.split !== 'dev' && args.split !== 'test') throw new Error('--split must be dev or test');
if (args.questions !== 'hand' && args.questions !== 'rule') throw new Error('--questions must be hand or rule');

const NX = [4, 10, 20];
const k = Number(args.distractors);
const engine = createEngine(memoScorer(createOnnxWordScorer({ modelsDir: args.models! }), 9));
const viaEngine = (weights: WeightsId, coarse: boolean) => async (context: string, query: string, nx: number) => {
  const req: EngineRequest = { context, query, weights, ratio: nx, defaultRatio: 0.5, coarse, heuristicChunking: false, placeholders: false, ...(args['lexical-weight'] ? { tuning: { lexicalWeight: Number(args['lexical-weight']) } } : {}) };
  return (await engine.compress([req]))[0]!.compressed;
};
type Run = (context: string, query: string, nx: number, budget: number) => Promise<string>;
const allMethods: Array<{ name: string; run: Run }> = [
  { name: 'latte_v2', run: viaEngine('latte_v2', true) },
  { name: 'latte_v2 fine', run: viaEngine('latte_v2', false) },
  { name: 'latte_v1', run: viaEngine('latte_v1', true) },
  { name: 'latte_v1 fine', run: viaEngine('latte_v1', false) },
  { name: 'BM25 sentences', run: async (c, q, _nx, budget) => bm25Sentences(c, q, budget) },
];
const chosen = args.methods?.split(',');
const methods = chosen ? allMethods.filter((m) => chosen.includes(m.name)) : allMethods;

type Cell = { hits: number; kept: number; original: number };
const report: Record<string, { questions: number; methods: Record<string, Record<number, { retention: number; kept: number }>> }> = {};
/** One output per language (latte_v2 coarse at 4x on the first question), quoted in docs/languages.md. */
const samples: Record<string, { question: string; answer: string; output: string }> = {};

for (const lang of args.languages!.split(',')) {
  const set = args.questions === 'hand' ? loadHandQuestions(lang) : loadLanguage(lang);
  const items = set.items.filter((it) => it.split === args.split).slice(0, args.limit ? Number(args.limit) : undefined);
  const random = rng(k * 1000 + lang.charCodeAt(0) + 7919 * Number(args.seed));
  const cells = new Map<string, Cell>();
  const started = performance.now();
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const context = haystack({ paragraphs: set.paragraphs, items: [] }, { question: item.question, answers: [item.answer], gold: item.gold }, k, i, random);
    const original = countTokens(context);
    for (const nx of NX) {
      const budget = Math.round(original / nx);
      for (const m of methods) {
        const out = await m.run(context, item.question, nx, budget);
        if (i === 0 && nx === 4 && m === methods[0]) samples[lang] = { question: item.question, answer: item.answer, output: out };
        const c = cells.get(`${m.name}|${nx}`) ?? { hits: 0, kept: 0, original: 0 };
        c.hits += answerKept(out, item.answer) ? 1 : 0;
        c.kept += countTokens(out);
        c.original += original;
        cells.set(`${m.name}|${nx}`, c);
      }
    }
  }
  report[lang] = { questions: items.length, methods: {} };
  for (const m of methods) {
    report[lang]!.methods[m.name] = Object.fromEntries(
      NX.map((nx) => {
        const c = cells.get(`${m.name}|${nx}`)!;
        return [nx, { retention: (100 * c.hits) / Math.max(1, items.length), kept: c.kept / Math.max(1, c.original) }];
      }),
    );
  }
  console.error(`${lang}: ${items.length} questions, ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

// Markdown table: one row per language, retention per method and ratio.
const header = `| language | questions | ${methods.flatMap((m) => NX.map((nx) => `${m.name} ${nx}x`)).join(' | ')} |`;
const rule = `|---|---:|${methods.flatMap(() => NX.map(() => '---:')).join('|')}|`;
const rows = Object.entries(report).map(([lang, r]) => `| ${lang} | ${r.questions} | ${methods.flatMap((m) => NX.map((nx) => r.methods[m.name]![nx]!.retention.toFixed(0))).join(' | ')} |`);
const table = [header, rule, ...rows].join('\n');
console.log(table);

const name = `languages${args.questions === 'rule' ? '-rule' : ''}${args.split === 'dev' ? '-dev' : ''}`;
mkdirSync(args.out!, { recursive: true });
writeFileSync(path.join(args.out!, `${name}.json`), `${JSON.stringify({ questions: args.questions, split: args.split, distractors: k, report, samples }, null, 2)}\n`);
writeFileSync(path.join(args.out!, `${name}.md`), `Answer retention (%), ${args.questions}-written questions, gold + ${k} distractors, ${args.split} split\n\n${table}\n`);
// onnxruntime's thread pool can keep the process alive.
process.exit(0);

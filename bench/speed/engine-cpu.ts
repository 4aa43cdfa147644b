/**
 * The engine's own CPU time per request, the model left out (`npm run bench:engine-cpu`): every
 * context is scored once and its scores remembered (`memoScorer`), so what is timed is splitting,
 * segmentation, the lexical prior, selection and assembly, the work that runs in JS around the
 * model. Users of other prompt compressors report that this part, not the model, dominates CPU time.
 *
 * Contexts: 150 requests of ~500 tokens (100 SQuAD 2.0 dev haystacks, 50 of the Debian FAQ) and
 * 10 of ~3,000 tokens, latte_v2, the route's own defaults. Prints min and median CPU ms per request
 * over 8 passes, coarse and fine.
 *
 * `--reference FILE`: the outputs of 1,440 cuts (those contexts, coarse and fine, 2x to 50x, with
 * heuristic chunking too, and without the query through espresso_v1) are written to FILE when it does not exist, and compared with it when it
 * does, so a change made for speed can show that it changed no output.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createEngine, type EngineRequest } from '../../server/compression/engine/engine.js';
import { createOnnxWordScorer } from '../../server/model/onnx-word-scorer.js';
import { loadDevFaq } from '../quality/dev-faq.js';
import { machineHeader } from '../lib/common.js';
import { memoScorer } from '../lib/scorers.js';
import { routeRequests, type RouteRequest } from './speed.js';
import { loadSquad } from '../lib/squad.js';

const { values: args } = parseArgs({ options: { reference: { type: 'string' }, models: { type: 'string', default: 'models' }, passes: { type: 'string', default: '8' } } });

const squad = loadSquad();
const small = [...routeRequests(squad, 100, 500, 11), ...routeRequests(loadDevFaq(['debian']), 50, 500, 12)];
const all = [...small, ...routeRequests(squad, 10, 3_000, 13)];
const engine = createEngine(memoScorer(createOnnxWordScorer({ modelsDir: args.models! })));
// As the route sends it: the o200k count is known (it was counted for billing).
const request = (c: RouteRequest, v: Partial<EngineRequest>): EngineRequest => ({
  context: c.context,
  query: c.query,
  originalTokens: c.tokens,
  weights: 'latte_v2',
  ratio: undefined,
  defaultRatio: 0.5,
  coarse: true,
  heuristicChunking: false,
  placeholders: true,
  ...v,
});

const variants: Array<Partial<EngineRequest>> = [
  { coarse: true },
  { coarse: false },
  { coarse: true, ratio: 10 },
  { coarse: false, ratio: 10 },
  { coarse: true, ratio: 50 },
  { coarse: false, ratio: 50 },
  { coarse: true, heuristicChunking: true, ratio: 4 },
  // Without a query (question-agnostic): the information prior instead of the lexical one.
  { weights: 'espresso_v1', query: undefined, coarse: false, ratio: 4 },
  { weights: 'espresso_v1', query: undefined, coarse: true, heuristicChunking: true, ratio: 2 },
];
// Also the pass that scores every context (the model runs here, untimed).
const outputs: string[] = [];
for (const v of variants) for (const c of all) outputs.push((await engine.compress([request(c, v)]))[0]!.compressed);
if (args.reference) {
  if (!existsSync(args.reference)) {
    writeFileSync(args.reference, JSON.stringify(outputs));
    console.log(`wrote ${outputs.length} outputs to ${args.reference}`);
  } else {
    const before = JSON.parse(readFileSync(args.reference, 'utf8')) as string[];
    const differ = outputs.filter((o, i) => o !== before[i]).length;
    console.log(`${differ} of ${outputs.length} outputs differ from ${args.reference}`);
    if (differ > 0) process.exitCode = 1;
  }
}

const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const coarse: number[] = [];
const fine: number[] = [];
for (let pass = 0; pass < Number(args.passes); pass++) {
  const t0 = cpuMs();
  for (const c of small) await engine.compress([request(c, {})]);
  const t1 = cpuMs();
  for (const c of small) await engine.compress([request(c, { coarse: false })]);
  coarse.push((t1 - t0) / small.length);
  fine.push((cpuMs() - t1) / small.length);
}
const at = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))]!.toFixed(2);
console.log(machineHeader());
console.log(`engine CPU ms per ~500-token request, latte_v2 at the default ratio (2x), model scores remembered, ${coarse.length} passes:`);
console.log(`| mode | min | median |\n| --- | --: | --: |\n| coarse | ${at(coarse, 0)} | ${at(coarse, 0.5)} |\n| fine | ${at(fine, 0)} | ${at(fine, 0.5)} |`);
process.exit(process.exitCode ?? 0);

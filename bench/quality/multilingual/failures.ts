/**
 * The questions a method loses (development split): question, answer, the gold sentence and what
 * the output kept, for reading why (`npx tsx bench/quality/multilingual/failures.ts --language ja --nx 10`).
 */
import { parseArgs } from 'node:util';
import { createEngine } from '../../../server/compression/engine/engine.js';
import { countTokens } from '../../../server/compression/engine/text/tokens.js';
import { createOnnxWordScorer } from '../../../server/model/onnx-word-scorer.js';
import { bm25Sentences } from '../../lib/baselines.js';
import { memoScorer } from '../../lib/scorers.js';
import { haystack, rng } from '../../lib/squad.js';
import { answerKept, loadHandQuestions, loadLanguage } from './data.js';

const { values: args } = parseArgs({
  options: {
    language: { type: 'string', default: 'ja' },
    questions: { type: 'string', default: 'hand' },
    nx: { type: 'string', default: '10' },
    coarse: { type: 'string', default: 'true' },
    distractors: { type: 'string', default: '9' },
    seed: { type: 'string', default: '0' },
  },
});
const lang = args.language!;
const nx = Number(args.nx);
const k = Number(args.distractors);
const engine = createEngine(memoScorer(createOnnxWordScorer({ modelsDir: 'models' }), 9));
const set = args.questions === 'hand' ? loadHandQuestions(lang) : loadLanguage(lang);
const items = set.items.filter((it) => it.split === 'dev');
const random = rng(k * 1000 + lang.charCodeAt(0) + 7919 * Number(args.seed));
for (let i = 0; i < items.length; i++) {
  const item = items[i]!;
  const context = haystack({ paragraphs: set.paragraphs, items: [] }, { question: item.question, answers: [item.answer], gold: item.gold }, k, i, random);
  const budget = Math.round(countTokens(context) / nx);
  const [res] = await engine.compress([{ context, query: item.question, weights: 'latte_v2', ratio: nx, defaultRatio: 0.5, coarse: args.coarse === 'true', heuristicChunking: false, placeholders: false }]);
  const bm = bm25Sentences(context, item.question, budget);
  const ours = answerKept(res!.compressed, item.answer);
  const theirs = answerKept(bm, item.answer);
  if (ours && theirs) continue;
  console.log(`\n=== ${i} ${ours ? 'kept' : 'LOST'} (BM25 ${theirs ? 'kept' : 'lost'}) Q: ${item.question}  A: ${item.answer}`);
  console.log(`gold: ${set.paragraphs[item.gold]!.slice(0, 400)}`);
  console.log(`ours: ${res!.compressed.slice(0, 600)}`);
  if (!theirs || !ours) console.log(`bm25: ${bm.slice(0, 400)}`);
}
process.exit(0);

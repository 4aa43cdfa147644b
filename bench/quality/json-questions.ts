/**
 * Questions about JSON, asked with the field's own words and in paraphrase
 * (`npm run bench:json-questions`): the question-specific route on API-shaped documents
 * (test/fixtures/json-questions.ts: 12 kinds of records, 5 documents each), found = the asked value survives.
 * A development set of this project's own (written for it, never a test): the JSON path's query
 * matching is chosen here.
 *
 * Flags: --models latte_v2 (comma list), --ratios 2,4,10, --docs 5 (documents per kind),
 * --soft 0,0.5 (weights of soft matching for query words the document never uses; 0 = literal),
 * --threshold 0.55.
 */
import { parseArgs } from 'node:util';
import { createEngine } from '../../server/compression/engine/engine.js';
import { LEXICAL_MATCH } from '../../server/compression/engine/select/compress-text.js';
import type { LexicalMatch } from '../../server/compression/engine/score/lexical.js';
import type { WeightsId } from '../../server/catalog/model-catalog.js';
import { countTokens } from '../../server/compression/engine/text/tokens.js';
import { createOnnxWordScorer } from '../../server/model/onnx-word-scorer.js';
import { mdTable } from '../lib/common.js';
import { jsonQuestions, keptWithName } from '../../test/fixtures/json-questions.js';
import { memoScorer } from '../lib/scorers.js';
import { rng } from '../lib/squad.js';

const { values: args } = parseArgs({
  options: {
    models: { type: 'string', default: 'latte_v2' },
    ratios: { type: 'string', default: '2,4,10' },
    docs: { type: 'string', default: '5' },
    soft: { type: 'string', default: '0,0.5' },
    threshold: { type: 'string', default: String(LEXICAL_MATCH.soft?.threshold ?? 0.55) },
    verbose: { type: 'boolean', default: false },
  },
});
const list = (s: string) => s.split(',').map(Number);
const ratios = list(args.ratios!);
const questions = jsonQuestions(rng(7), Number(args.docs));
const engine = createEngine(memoScorer(createOnnxWordScorer({ modelsDir: 'models' }), 64));

const docs = new Set(questions.map((q) => q.doc));
const meanTokens = [...docs].reduce((s, d) => s + countTokens(d), 0) / docs.size;
console.log(`${questions.length} questions on ${docs.size} JSON documents (${Math.round(meanTokens)} tokens on average); found = the asked value survives (in brackets: in one object with the record's name)`);

const rows: string[][] = [];
for (const weights of args.models!.split(',') as WeightsId[]) {
  for (const softWeight of list(args.soft!)) {
    const match: LexicalMatch = softWeight > 0 ? { stems: true, soft: { ...LEXICAL_MATCH.soft!, weight: softWeight, threshold: Number(args.threshold) } } : { stems: true };
    for (const kind of ['literal', 'paraphrase'] as const) {
      const found = ratios.map(() => 0);
      const named = ratios.map(() => 0);
      for (const q of questions) {
        for (let j = 0; j < ratios.length; j++) {
          const [r] = await engine.compress([{ context: q.doc, query: q[kind], weights, ratio: ratios[j]!, defaultRatio: 0.5, coarse: true, heuristicChunking: false, placeholders: true, tuning: { lexicalMatch: match } }]);
          if (r!.compressed.includes(q.answer)) {
            found[j]!++;
            if (keptWithName(JSON.parse(r!.compressed), q)) named[j]!++;
          } else if (args.verbose && kind === 'paraphrase') console.log(`miss ${ratios[j]}x ${q.paraphrase} -> ${q.key} ${q.answer}`);
        }
      }
      const pct = (f: number) => `${((100 * f) / questions.length).toFixed(1)}%`;
      rows.push([`${weights} ${softWeight > 0 ? `soft ${softWeight}` : 'literal'}`, kind, ...found.map((f, j) => `${pct(f)} (${pct(named[j]!)})`)]);
    }
  }
}
console.log(mdTable(['matching', 'question', ...ratios.map((r) => `${r}x`)], rows));
process.exit(0);

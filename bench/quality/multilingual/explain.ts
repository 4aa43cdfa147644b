/**
 * Why a development question is lost: the lexical prior's sentence scores (the engine's match and
 * plain BM25) for the gold paragraph's sentences and the best others, with the query's terms
 * (`npx tsx bench/quality/multilingual/explain.ts --language zh --item 6 [--seed 1]`).
 */
import { parseArgs } from 'node:util';
import { LEXICAL_MATCH } from '../../../server/compression/engine/select/compress-text.js';
import { bm25, matchScores, stopWordsFor, terms } from '../../../server/compression/engine/score/lexical.js';
import { segment } from '../../../server/compression/engine/split/segment.js';
import { countTokens } from '../../../server/compression/engine/text/tokens.js';
import { haystack, rng } from '../../lib/squad.js';
import { loadHandQuestions, loadLanguage } from './data.js';

const { values: args } = parseArgs({
  options: {
    language: { type: 'string', default: 'ja' },
    questions: { type: 'string', default: 'hand' },
    item: { type: 'string', default: '0' },
    seed: { type: 'string', default: '0' },
    distractors: { type: 'string', default: '9' },
    top: { type: 'string', default: '8' },
  },
});
const lang = args.language!;
const k = Number(args.distractors);
const set = args.questions === 'hand' ? loadHandQuestions(lang) : loadLanguage(lang);
const items = set.items.filter((it) => it.split === 'dev');
const random = rng(k * 1000 + lang.charCodeAt(0) + 7919 * Number(args.seed));
let context = '';
// The same draws as run.ts: every earlier item's haystack is drawn first.
for (let i = 0; i <= Number(args.item); i++) {
  const it = items[i]!;
  context = haystack({ paragraphs: set.paragraphs, items: [] }, { question: it.question, answers: [it.answer], gold: it.gold }, k, i, random);
}
const item = items[Number(args.item)]!;
const gold = set.paragraphs[item.gold]!;
const goldStart = context.indexOf(gold);
const sentences = segment(context, false).flatMap((b) => b.sentences);
const engine = matchScores(context, sentences, item.question, LEXICAL_MATCH);
const plain = bm25(context, sentences, item.question);
console.log(`Q: ${item.question}  A: ${item.answer}  tokens ${countTokens(context)}`);
console.log(`terms: ${terms(item.question, stopWordsFor(context)).join(' ')}`);
const rows = sentences.map((s, i) => ({ i, s, engine: engine[i]!, plain: plain[i]!, inGold: s.start >= goldStart && s.end <= goldStart + gold.length }));
const show = (r: (typeof rows)[number]) =>
  console.log(`${r.inGold ? 'G' : ' '} ${r.engine.toFixed(2)} ${r.plain.toFixed(2)} ${countTokens(context.slice(r.s.start, r.s.end))}t ${r.s.pieces.length}p | ${context.slice(r.s.start, r.s.end).slice(0, 110)}`);
console.log('-- gold paragraph (engine, plain BM25, tokens, pieces)');
rows.filter((r) => r.inGold).forEach(show);
console.log('-- best by engine');
[...rows].sort((a, b) => b.engine - a.engine).slice(0, Number(args.top)).forEach(show);

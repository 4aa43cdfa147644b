/**
 * Chooses the engine's matching and ranking weights on the development set (bench/quality/dev-faq.ts,
 * never SQuAD): every haystack is scored once per model, then each setting of the grid is cut at
 * 4x, 10x, 20x and 50x. Prints retention per setting (all questions and the low-overlap slice).
 *
 * `npm run bench:tune` (flags: --distractors 19, --sources debian,fetchmail,sqlite (default debian), --models DIR, --weights latte_v1,latte_v2, and the
 * grid: --modes coarse,fine --stems 0,1 --block 0,0.5,0.7 --lexical 0.5,0.7, --soft 0,0.25 (weight of
 * the word vectors' soft matches; 0 is literal matching) --threshold 0.5,0.55 --unseen 0,1 (soft
 * matches only for query terms the text never uses), --kind 0,0.1 (added to a sentence holding the kind of
 * answer the question asks for), --rarity 0,0.5 (share of a query term's IDF scaled by its corpus rarity)).
 */
import { parseArgs } from 'node:util';
import { createEngine, type EngineRequest } from '../../server/compression/engine/engine.js';
import type { LexicalMatch } from '../../server/compression/engine/score/lexical.js';
import { wordRanks, wordVectors } from '../../server/project/bundled-words.js';
import type { WeightsId } from '../../server/catalog/model-catalog.js';
import { createOnnxWordScorer } from '../../server/model/onnx-word-scorer.js';
import { bm25Sentences } from '../lib/baselines.js';
import { memoScorer } from '../lib/scorers.js';
import { devSources, evidenceKept, loadDevFaq } from '../quality/dev-faq.js';
import { haystack, lowOverlapItems, rng, shareFrom } from '../lib/squad.js';
import { countTokens } from '../../server/compression/engine/text/tokens.js';

const { values: args } = parseArgs({
  options: {
    distractors: { type: 'string', default: '19' },
    sources: { type: 'string', default: 'debian' },
    models: { type: 'string', default: 'models' },
    weights: { type: 'string', default: 'latte_v1,latte_v2' },
    modes: { type: 'string', default: 'coarse,fine' },
    stems: { type: 'string', default: '0,1' },
    block: { type: 'string', default: '0,0.5,0.7' },
    lexical: { type: 'string', default: '0.5,0.7' },
    soft: { type: 'string', default: '0' },
    threshold: { type: 'string', default: '0.5' },
    unseen: { type: 'string', default: '0' },
    blockshare: { type: 'string', default: '0' },
    kind: { type: 'string', default: '0' },
    rarity: { type: 'string', default: '0' },
  },
});
const list = (s: string) => s.split(',').map(Number);
const NX = [4, 10, 20, 50];
const sources = devSources(args.sources!);
const set = loadDevFaq(sources);
const slice = new Set(lowOverlapItems(set));
const k = Number(args.distractors);
const random = rng(k);
const contexts = set.items.map((item, i) => haystack(set, item, k, i, random));

// Every score kept: the grid revisits each haystack many times.
const engine = createEngine(memoScorer(createOnnxWordScorer({ modelsDir: args.models! })));

interface Setting {
  name: string;
  coarse: boolean;
  match: LexicalMatch;
  blockWeight?: number;
  lexicalWeight?: number;
}
const settings: Setting[] = [];
// Every setting runs literal matching too (the baseline row); --soft lists the weights tried besides.
const softWeights = list(args.soft!).filter((w) => w > 0);
if (softWeights.length > 0 && !wordVectors()) throw new Error('--soft needs models/wordvec (scripts/train/word_vectors.py)');
for (const coarse of args.modes!.split(',').map((m) => m === 'coarse')) {
  for (const stems of list(args.stems!).map(Boolean)) {
    for (const blockWeight of coarse ? [0] : list(args.block!)) {
      for (const lexicalWeight of list(args.lexical!)) {
        for (const blockShare of list(args.blockshare!)) {
          for (const [askedKind, share] of list(args.kind!).flatMap((kind) => list(args.rarity!).map((r) => [kind, r] as const))) {
            const name = `${coarse ? 'coarse' : 'fine'} stems=${stems ? 1 : 0} block=${blockWeight} lex=${lexicalWeight}${blockShare ? ` bs=${blockShare}` : ''}${askedKind ? ` kind=${askedKind}` : ''}${share ? ` rarity=${share}` : ''}`;
            const rarity = share > 0 ? { ranks: wordRanks, share } : undefined;
            settings.push({ name, coarse, match: { stems, blockShare, askedKind, rarity }, blockWeight, lexicalWeight });
            for (const weight of softWeights) {
              for (const threshold of list(args.threshold!)) {
                for (const unseenOnly of list(args.unseen!).map(Boolean)) {
                  const soft = { vectors: wordVectors, weight, threshold, unseenOnly };
                  settings.push({ name: `${name} soft=${weight}@${threshold}${unseenOnly ? ' unseen' : ''}`, coarse, match: { stems, soft, blockShare, askedKind, rarity }, blockWeight, lexicalWeight });
                }
              }
            }
          }
        }
      }
    }
  }
}

const pct = (hits: number, n: number) => `${((100 * hits) / Math.max(1, n)).toFixed(1)}`.padStart(6);
console.log(`development set: ${set.items.length} FAQ questions of ${sources.join(' + ')} (${slice.size} low-overlap), gold + ${k} distractors`);
const columns = NX.map((n) => `${n}x`.padStart(6)).join('');
console.log(`${'setting'.padEnd(56)}${columns}   mean | low-overlap ${columns}   mean | mostly gold ${columns}`);
// "mostly gold": at least half of the output's words come from the gold paragraph, however long its evidence.
const row = (name: string, hits: number[], low: number[], gold: number[]) => {
  const all = hits.map((h) => pct(h, set.items.length));
  const sl = low.map((h) => pct(h, slice.size));
  const mean = (xs: number[], n: number) => pct(xs.reduce((a, b) => a + b, 0) / xs.length, n);
  const fromGold = gold.map((h) => pct(h, set.items.length));
  console.log(`${name.padEnd(56)}${all.join('')} ${mean(hits, set.items.length)} |             ${sl.join('')} ${mean(low, slice.size)} |             ${fromGold.join('')}`);
};
{
  const hits = NX.map(() => 0);
  const low = NX.map(() => 0);
  const gold = NX.map(() => 0);
  set.items.forEach((item, i) => {
    const original = countTokens(contexts[i]!);
    NX.forEach((nx, j) => {
      const out = bm25Sentences(contexts[i]!, item.question, Math.round(original / nx));
      const ok = evidenceKept(out, item.answers[0]!, item.question);
      hits[j] = hits[j]! + (ok ? 1 : 0);
      if (slice.has(i)) low[j] = low[j]! + (ok ? 1 : 0);
      if (shareFrom(out, set.paragraphs[item.gold]!) >= 0.5) gold[j] = gold[j]! + 1;
    });
  });
  row('BM25 sentences', hits, low, gold);
}
for (const weights of args.weights!.split(',') as WeightsId[]) {
  for (const s of settings) {
    const hits = NX.map(() => 0);
    const low = NX.map(() => 0);
    const gold = NX.map(() => 0);
    for (let i = 0; i < set.items.length; i++) {
      const item = set.items[i]!;
      for (let j = 0; j < NX.length; j++) {
        const req: EngineRequest = {
          context: contexts[i]!, query: item.question, weights, ratio: NX[j]!, defaultRatio: 0.5, coarse: s.coarse,
          heuristicChunking: false, placeholders: false, tuning: { lexicalMatch: s.match, blockWeight: s.blockWeight, lexicalWeight: s.lexicalWeight },
        };
        const out = (await engine.compress([req]))[0]!.compressed;
        const ok = evidenceKept(out, item.answers[0]!, item.question);
        hits[j] = hits[j]! + (ok ? 1 : 0);
        if (slice.has(i)) low[j] = low[j]! + (ok ? 1 : 0);
        if (shareFrom(out, set.paragraphs[item.gold]!) >= 0.5) gold[j] = gold[j]! + 1;
      }
    }
    row(`${weights} ${s.name}`, hits, low, gold);
  }
}
process.exit(0);

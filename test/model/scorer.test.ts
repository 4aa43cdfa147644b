import { afterAll, describe, expect, it } from 'vitest';
import { segment } from '../../server/compression/engine/split/segment.js';
import { spanScorer } from '../../server/compression/engine/score/span-scores.js';
import { createEnginePool } from '../../server/compression/runtime/engine-pool.js';
import { createOnnxWordScorer } from '../../server/model/onnx-word-scorer.js';
import { SERVED_QUANTIZED } from '../../server/model/served-format.js';
import { splitWords } from '../../server/model/words.js';
import { TOPICS, longDocument } from '../helpers/texts.js';

// The bundled models, loaded offline (no hub is reachable here; allowRemoteModels is off).
const modelsDir = process.env['MODELS_DIR'] ?? 'models';
const scorer = createOnnxWordScorer({ modelsDir });

const EXAMPLES: Array<{ topic: string; query: string; evidence: string; knownMiss?: string }> = [
  { topic: 'volcano', query: 'When did Mount Karela last erupt?', evidence: 'It last erupted in 1911, when ash fell on the harbour town of Vell for three days.' },
  {
    topic: 'bakery',
    query: 'Who founded the Linden Street bakery?',
    evidence: 'Its founder, Marta Ilves, learned to bake from her grandmother and opened the shop in 1987 with a single oven.',
    knownMiss: 'the evidence shares no word with the query ("founder" vs "founded"); the bundled models still miss such paraphrases',
  },
  { topic: 'railway', query: 'How long is the Grey Ridge tunnel?', evidence: 'Its longest tunnel, the Grey Ridge tunnel, is 3.2 kilometres long.' },
  { topic: 'chess', query: 'What did the chess club win last spring?', evidence: 'Last spring the club won the regional team championship for the first time, beating the defending champions in the final round.' },
  { topic: 'garden', query: 'How many hours of sunlight do tomatoes need?', evidence: 'Tomatoes need at least six hours of direct sunlight a day and regular watering at the roots rather than on the leaves.' },
];

async function sentenceScores(weights: 'latte_v1' | 'latte_v2', query: string, context: string) {
  const words = splitWords(context);
  const [scores] = await scorer.score([{ weights, query, words: words.map((w) => w.text) }]);
  const score = spanScorer(words, scores!);
  return new Map(
    segment(context, false)
      .flatMap((b) => b.sentences)
      .map((s) => [context.slice(s.start, s.end), score(s)] as const),
  );
}

describe.each(['latte_v1', 'latte_v2'] as const)('bundled %s', (weights) => {
  // The haystack of the quality benchmark in miniature: the evidence must outrank every sentence
  // of the other documents (sentences of its own document are not asserted: the models still lean
  // on lexical overlap there, see the quality benchmark).
  const rankingCase = async (example: (typeof EXAMPLES)[number]) => {
    const context = Object.values(TOPICS).flat().join('\n\n');
    const scores = await sentenceScores(weights, example.query, context);
    const evidence = scores.get(example.evidence)!;
    const distractors = Object.entries(TOPICS)
      .filter(([topic]) => topic !== example.topic)
      .flatMap(([, paras]) => paras);
    const distractorSentences = [...scores.entries()].filter(([text]) => distractors.some((p) => p.includes(text)));
    expect(distractorSentences.length).toBeGreaterThanOrEqual(8);
    for (const [text, score] of distractorSentences) expect(evidence, text).toBeGreaterThan(score);
  };
  for (const example of EXAMPLES) {
    if (example.knownMiss) {
      // A recorded gap, not a pass: this starts failing (and must be moved up) once a model gets it right.
      it.fails(`misses the evidence for "${example.query}" (${example.knownMiss})`, () => rankingCase(example));
    } else {
      it(`ranks the evidence above every distractor sentence for "${example.query}"`, () => rankingCase(example));
    }
  }

  it('is deterministic, and batching moves scores by quantization noise only', async () => {
    const context = longDocument(2);
    const words = splitWords(context).map((w) => w.text);
    const query = EXAMPLES[0]!.query;
    const [alone] = await scorer.score([{ weights, query, words }]);
    const [again] = await scorer.score([{ weights, query, words }]);
    const [batched, other] = await scorer.score([
      { weights, query, words },
      { weights, query: 'unrelated', words: words.slice(0, 50) },
    ]);
    expect(alone!.every((v) => v >= 0 && v <= 1)).toBe(true);
    expect(Array.from(again!)).toEqual(Array.from(alone!));
    // int8 models quantize activations with one scale per batch tensor (DynamicQuantizeLinear),
    // so batch-mates move a probability by a few 1e-2 (2.2e-2 seen for latte_v2); fp32 models stay
    // within float noise.
    const tolerance = SERVED_QUANTIZED[weights] ? 4e-2 : 1e-4;
    alone!.forEach((v, i) => expect(Math.abs(v - batched![i]!)).toBeLessThan(tolerance));
    expect(other).toHaveLength(50);
  });
});

describe('bundled espresso_v1', () => {
  it('scores numbers and names above function words without a query', async () => {
    const text = 'The line was electrified in 1974 by Alvik Power and the engineers of Porto Sera.';
    const words = splitWords(text);
    const [scores] = await scorer.score([{ weights: 'espresso_v1', words: words.map((w) => w.text) }]);
    const of = (w: string) => scores![words.findIndex((x) => x.text === w)]!;
    for (const content of ['1974', 'Alvik', 'Sera']) {
      for (const filler of ['the', 'was', 'by', 'of']) expect(of(content), `${content} > ${filler}`).toBeGreaterThan(of(filler));
    }
  });
});

describe('adaptive intra-op threads', () => {
  it('calls made while other workers are busy run on a narrower session of the same network, with the same scores', async () => {
    let crowded = false;
    let asked = 0;
    const adaptive = createOnnxWordScorer({
      modelsDir,
      threads: 2,
      narrowThreads: 1,
      crowded: () => {
        asked++;
        return crowded;
      },
    });
    const request = [{ weights: 'latte_v2' as const, query: EXAMPLES[0]!.query, words: splitWords(longDocument(2)).map((w) => w.text) }];
    const [wide] = await adaptive.score(request);
    const wideAsks = asked;
    crowded = true;
    const [narrow] = await adaptive.score(request);
    expect(wideAsks).toBeGreaterThan(0);
    expect(asked).toBeGreaterThan(wideAsks);
    expect(narrow!.length).toBe(wide!.length);
    const worst = Math.max(...Array.from(narrow!, (v, i) => Math.abs(v - wide![i]!)));
    expect(worst).toBeLessThan(1e-4);
  });
});

describe('engine worker pool', () => {
  const pool = createEnginePool({ modelsDir });
  afterAll(() => pool.close());

  it('compresses and counts tokens off the main thread with the bundled model', async () => {
    const [counts, [result]] = await Promise.all([
      pool.countTokens(['hello world', '']),
      pool.compress([{ context: longDocument(1), query: EXAMPLES[2]!.query, weights: 'latte_v2', ratio: 4, defaultRatio: 0.5, coarse: true, heuristicChunking: false, placeholders: true }]),
    ]);
    expect(counts).toEqual([2, 0]);
    expect(result!.compressed).toContain('Grey Ridge');
  });

  it('with two workers (ENGINE_WORKERS=2) answers concurrent jobs as one worker does', async () => {
    // No dynamic batching: a job's int8 scores then do not depend on what shares its ONNX calls.
    const two = createEnginePool({ modelsDir, workers: 2, dynamicBatching: false });
    const one = createEnginePool({ modelsDir, dynamicBatching: false });
    try {
      const jobs = EXAMPLES.slice(0, 4).map((e, i) => ({ context: longDocument(i + 1), query: e.query, weights: 'latte_v2' as const, ratio: 4, defaultRatio: 0.5, coarse: true, heuristicChunking: false, placeholders: true }));
      const concurrent = await Promise.all(jobs.map((j) => two.compress([j])));
      const alone = await Promise.all(jobs.map((j) => one.compress([j])));
      expect(concurrent.map(([r]) => r!.compressed)).toEqual(alone.map(([r]) => r!.compressed));
    } finally {
      await Promise.all([two.close(), one.close()]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createEngine, type EngineRequest } from '../../../server/compression/engine/engine.js';
import { coarseToFinePlan } from '../../../server/compression/engine/score/scoring-plan.js';
import { segment } from '../../../server/compression/engine/split/segment.js';
import { countTokens } from '../../../server/compression/engine/text/tokens.js';
import type { ScoreRequest, WordScorer } from '../../../server/model/word-scorer.js';
import { splitWords } from '../../../server/model/words.js';
import { fakeScorer } from '../../helpers/fake-scorer.js';

const EVIDENCE = 'The Velta river flows through Zorbia and reaches the sea at Port Amar.';
/** 120 paragraphs of unrelated text (about 5,000 tokens) with the evidence in the middle. */
function longDocument(): string {
  const filler = (i: number) =>
    `Meeting ${i} of the garden committee reviewed the budget for seeds, tools and the autumn fair, then moved on to item ${i + 1} about the lunch schedule.`;
  return Array.from({ length: 120 }, (_, i) => (i === 60 ? EVIDENCE : filler(i))).join('\n\n');
}

/** The fake scorer, recording how many words each call asked for. */
function recordingScorer() {
  const asked: number[] = [];
  const scorer: WordScorer = {
    score: (requests: readonly ScoreRequest[]) => {
      asked.push(...requests.map((r) => r.words.length));
      return fakeScorer.score(requests);
    },
  };
  return { asked, scorer };
}

const request = (context: string, ratio: number, extra: Partial<EngineRequest> = {}): EngineRequest => ({
  context,
  query: 'Which river flows through Zorbia?',
  weights: 'latte_v2',
  ratio,
  defaultRatio: 0.5,
  coarse: true,
  heuristicChunking: false,
  placeholders: true,
  ...extra,
});

describe('coarse-to-fine scoring', () => {
  const text = longDocument();
  const words = splitWords(text);
  const blocks = segment(text, false);
  const total = countTokens(text);

  it('plans the blocks BM25 ranks first, enough to cover the target several times over', () => {
    const plan = coarseToFinePlan(text, words, blocks, 'Which river flows through Zorbia?', 100, total, { cover: 3, minTokens: 600 })!;
    const planned = new Set(plan.map((w) => words[w]!.text));
    expect(planned.has('Velta')).toBe(true);
    expect(plan.length).toBeLessThan(words.length / 3);
    // In text order, and whole blocks only.
    expect(plan).toEqual([...plan].sort((a, b) => a - b));
  });

  it('scores everything when the cover would be most of the text, or with one block', () => {
    expect(coarseToFinePlan(text, words, blocks, 'river', total / 2, total, { cover: 3, minTokens: 2_000 })).toBeUndefined();
    const one = 'A single paragraph about the Velta river.';
    expect(coarseToFinePlan(one, splitWords(one), segment(one, false), 'river', 1, countTokens(one), { cover: 1, minTokens: 1 })).toBeUndefined();
  });

  it('below 5x covers the target and a share of the rest (REST_SHARE), not three times the target', () => {
    const plan = coarseToFinePlan(text, words, blocks, 'Which river flows through Zorbia?', total / 2, total)!;
    expect(new Set(plan.map((w) => words[w]!.text)).has('Velta')).toBe(true);
    // about 65% of the words: whole blocks until the target plus 0.3 of the rest is reached
    expect(plan.length).toBeGreaterThan(0.64 * words.length);
    expect(plan.length).toBeLessThan(0.7 * words.length);
    expect(coarseToFinePlan(text, words, blocks, 'river', total / 2, total, { cover: 3, minTokens: 2_000, rest: 0.5 })!.length).toBeGreaterThan(plan.length);
  });

  it('the engine asks the model only for the planned words at 20x and 2x, for all of them in word mode or when turned off', async () => {
    const { asked, scorer } = recordingScorer();
    const engine = createEngine(scorer);
    const [r] = await engine.compress([request(text, 20, { tuning: { coarseToFine: { cover: 3, minTokens: 600 } } })]);
    expect(r!.compressed).toContain(EVIDENCE);
    expect(asked.at(-1)).toBeLessThan(words.length / 3);
    const [half] = await engine.compress([request(text, 2)]);
    expect(half!.compressed).toContain(EVIDENCE);
    expect(asked.at(-1)).toBeLessThan(0.7 * words.length);
    await engine.compress([request(text, 20, { tuning: { coarseToFine: false } })]);
    expect(asked.at(-1)).toBe(words.length);
    await engine.compress([request(text, 20, { coarse: false })]);
    expect(asked.at(-1)).toBe(words.length);
  });

  it('ranks a block without blank lines in groups of its sentences, with at least twice the least cover', () => {
    // The same document as one block: each paragraph a line of its own.
    const wall = text.replace(/\n\n/gu, '\n');
    const wallWords = splitWords(wall);
    const wallBlocks = segment(wall, false);
    expect(wallBlocks).toHaveLength(1);
    const plan = coarseToFinePlan(wall, wallWords, wallBlocks, 'Which river flows through Zorbia?', 100, countTokens(wall), { cover: 3, minTokens: 600 })!;
    expect(new Set(plan.map((w) => wallWords[w]!.text)).has('Velta')).toBe(true);
    // 2 x 600 tokens of the block, in groups of whole sentences, not the whole block.
    expect(plan.length).toBeGreaterThan(wallWords.length / 5);
    expect(plan.length).toBeLessThan(wallWords.length / 2);
    // Blocks of up to `minTokens` stay whole units: the plan of the paragraphs is unchanged.
    expect(coarseToFinePlan(text, words, blocks, 'Which river flows through Zorbia?', 100, total, { cover: 3, minTokens: 600 })!.length).toBeLessThan(plan.length);
  });
});

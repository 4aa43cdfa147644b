import type { WordScorer } from '../../../model/word-scorer.js';
import { splitWords } from '../../../model/words.js';
import type { WeightsId } from '../../../catalog/model-catalog.js';
import { wordRelations, wordRanks, wordVectors } from '../../../project/bundled-words.js';
import { explain } from './explain.js';
import { signalScores, withModel, WEIGHTS, type Blend, type SemanticResources, type ToolScore } from './score.js';
import { RELATIVE_CUT, selectTools } from './select.js';
import type { ToolSpec } from './tool-shapes.js';
import { cachedToolText } from './tool-cache.js';
import type { ToolText } from './tool-text.js';

/** One tool-discovery question, as the engine takes it. */
export interface ToolDiscoveryInput {
  query: string;
  tools: readonly ToolSpec[];
  maxTools: number;
  alwaysKeep: readonly string[];
}

/** The answer: the answered tools' positions in `tools`, in answer order, and one reasoning line each. */
export interface ToolRanking {
  kept: number[];
  reasoning: string[];
}

/** Words of a tool the network reads: its name, description and parameters, capped (latency grows with them). */
const MODEL_WORDS = 48;
/** A tool's model reading: the mean of its best few word probabilities (a tool answers with a few words). */
const MODEL_TOP = 3;
/**
 * The network reads only this many leading tools (by the lexical and semantic signals): its share of the
 * blend reorders near-ties, and reading every tool of a large catalogue was most of the route's time
 * (docs/tool-discovery-benchmark.md: 8, not 12, moved no dev recall).
 */
const MODEL_CANDIDATES = 8;

/** The words of `tool` the scoring network reads. */
function modelWords(tool: ToolText): string[] {
  return splitWords(tool.text)
    .slice(0, MODEL_WORDS)
    .map((w) => w.text);
}

/** Mean of the `MODEL_TOP` highest word probabilities. */
function modelReading(probabilities: Float32Array): number {
  const top = [...probabilities].sort((a, b) => b - a).slice(0, MODEL_TOP);
  return top.length ? top.reduce((a, b) => a + b, 0) / top.length : 0;
}

export function defaultResources(): SemanticResources {
  return { vectors: wordVectors(), relations: wordRelations(), ranks: wordRanks() };
}

/** Selects and explains from scored tools. */
function answer(input: ToolDiscoveryInput, scores: ToolScore[], cut: number): ToolRanking & { scores: ToolScore[] } {
  const selected = selectTools(
    input.tools.map((t) => t.name),
    scores,
    input.maxTools,
    input.alwaysKeep,
    cut,
  );
  return {
    kept: selected.map((s) => s.index),
    reasoning: selected.map((s) => explain(input.tools[s.index]!.name, s, scores[s.index]!)),
    scores,
  };
}

/**
 * The ranking as visible pure stages: split each tool's text (cached per definition) -> score it
 * against the query -> select (always_keep, cut, max_tools) -> explain. `modelScores` is the
 * network's reading per tool (see `rankToolsWith`); without it the lexical and semantic signals
 * decide alone.
 */
export function rankTools(
  input: ToolDiscoveryInput,
  res: SemanticResources = defaultResources(),
  modelScores?: readonly number[],
  tuning: Blend & { cut: number } = { ...WEIGHTS, cut: RELATIVE_CUT },
): ToolRanking & { scores: ToolScore[] } {
  const signals = signalScores(input.tools.map(cachedToolText), input.query, res);
  return answer(input, withModel(signals, modelScores, tuning), tuning.cut);
}

/** Indexes of the `n` best blended scores (ties in definition order). */
function leading(scores: readonly ToolScore[], n: number): number[] {
  return scores
    .map((_, i) => i)
    .sort((a, b) => scores[b]!.total - scores[a]!.total || a - b)
    .slice(0, n);
}

/** Ranks several questions with the network's reading of each one's leading tools, in one scorer call. */
export async function rankToolsWith(scorer: WordScorer, inputs: readonly (ToolDiscoveryInput & { weights: WeightsId })[]): Promise<ToolRanking[]> {
  if (!inputs.length) return [];
  const res = defaultResources();
  const texts = inputs.map((input) => input.tools.map(cachedToolText));
  const signals = inputs.map((input, i) => signalScores(texts[i]!, input.query, res));
  const candidates = signals.map((s) => leading(withModel(s, undefined), MODEL_CANDIDATES));
  const requests = inputs.flatMap((input, i) => candidates[i]!.map((k) => ({ weights: input.weights, query: input.query, words: modelWords(texts[i]![k]!) })));
  const probabilities = requests.length ? await scorer.score(requests) : [];
  let at = 0;
  return inputs.map((input, i) => {
    const read = new Map(candidates[i]!.map((k) => [k, modelReading(probabilities[at++]!)]));
    const floor = Math.min(...read.values());
    const readings = input.tools.map((_, k) => read.get(k) ?? floor);
    const { kept, reasoning } = answer(input, withModel(signals[i]!, readings), RELATIVE_CUT);
    return { kept, reasoning };
  });
}

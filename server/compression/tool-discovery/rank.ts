import type { WordScorer } from '../../model/word-scorer.js';
import { splitWords } from '../../model/words.js';
import type { WeightsId } from '../model-catalog.js';
import { wordRelations } from '../word-relations.js';
import { wordRanks, wordVectors } from '../word-vectors.js';
import { explain } from './explain.js';
import { scoreTools, type SemanticResources, type ToolScore } from './score.js';
import { selectTools } from './select.js';
import type { ToolSpec } from './tool-shapes.js';
import { toolText, type ToolText } from './tool-text.js';

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

/** The words of `tool` the scoring network reads. */
export function modelWords(tool: ToolText): string[] {
  return splitWords(tool.text)
    .slice(0, MODEL_WORDS)
    .map((w) => w.text);
}

/** Mean of the `MODEL_TOP` highest word probabilities. */
export function modelReading(probabilities: Float32Array): number {
  const top = [...probabilities].sort((a, b) => b - a).slice(0, MODEL_TOP);
  return top.length ? top.reduce((a, b) => a + b, 0) / top.length : 0;
}

export function defaultResources(): SemanticResources {
  return { vectors: wordVectors(), relations: wordRelations(), ranks: wordRanks() };
}

/**
 * The ranking as visible pure stages: split each tool's text -> score it against the query ->
 * select (always_keep, cut, max_tools) -> explain. `modelScores` is the network's reading per
 * tool (see `rankToolsWith`); without it the lexical and semantic signals decide alone.
 */
export function rankTools(input: ToolDiscoveryInput, res: SemanticResources = defaultResources(), modelScores?: readonly number[]): ToolRanking & { scores: ToolScore[] } {
  const texts = input.tools.map(toolText);
  const scores = scoreTools(texts, input.query, res, modelScores);
  const selected = selectTools(
    input.tools.map((t) => t.name),
    scores,
    input.maxTools,
    input.alwaysKeep,
  );
  return {
    kept: selected.map((s) => s.index),
    reasoning: selected.map((s) => explain(input.tools[s.index]!.name, s, scores[s.index]!)),
    scores,
  };
}

/** Ranks several questions with the network's reading, scoring every tool of every question in one scorer call. */
export async function rankToolsWith(scorer: WordScorer, inputs: readonly (ToolDiscoveryInput & { weights: WeightsId })[]): Promise<ToolRanking[]> {
  if (!inputs.length) return [];
  const words = inputs.map((input) => input.tools.map((t) => modelWords(toolText(t))));
  const requests = inputs.flatMap((input, i) => words[i]!.map((w) => ({ weights: input.weights, query: input.query, words: w })));
  const probabilities = requests.length ? await scorer.score(requests) : [];
  const res = defaultResources();
  let k = 0;
  return inputs.map((input) => {
    const readings = input.tools.map(() => modelReading(probabilities[k++]!));
    const { kept, reasoning } = rankTools({ query: input.query, tools: input.tools, maxTools: input.maxTools, alwaysKeep: input.alwaysKeep }, res, readings);
    return { kept, reasoning };
  });
}

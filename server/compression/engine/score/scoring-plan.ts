import type { Word } from '../../../model/words.js';
import { LEXICAL_MATCH } from '../select/compress-text.js';
import { blockMatchScores, countSentences, type LexicalMatch, type SentenceCounts } from './lexical.js';
import type { Block, Span } from '../split/segment.js';

/**
 * Coarse-to-fine: in paragraph mode only the blocks that can make the cut need the model. Stemmed
 * BM25 ranks the blocks; the model scores the best until they hold `COVER_FACTOR` times the target or
 * `MIN_SCORED_TOKENS` (below 5x: the target plus `REST_SHARE` of the rest); the others keep a model
 * score of 0 and rank by their lexical prior. Values and runs: docs/tuning.md, "Scoring plan".
 */
const COVER_FACTOR = 3;
const MIN_SCORED_TOKENS = 2_000;
const REST_SHARE = 0.3;

/** How much coarse-to-fine scores (benchmarks vary it; the served values are the defaults above). */
export interface CoarseToFine {
  cover: number;
  minTokens: number;
  /** Share of the text beyond the target that the cover may reach at most (default 1: no bound). */
  rest?: number;
}
export const SERVED_C2F: CoarseToFine = { cover: COVER_FACTOR, minTokens: MIN_SCORED_TOKENS, rest: REST_SHARE };

/**
 * A block larger than `minTokens` (a log, PDF lines, a transcript) is ranked in groups of consecutive
 * sentences of about this many tokens, cover at least `GROUPED_MIN` x `minTokens` (docs/tuning.md, "GROUP_TOKENS").
 */
const GROUP_TOKENS = 200;
const GROUPED_MIN = 2;

/** A block's sentences in consecutive groups of about GROUP_TOKENS, as spans: an answer often follows the sentence that names what is asked. */
function sentenceGroups(block: Block, tokensOf: (s: Span) => number): Span[] {
  const out: Span[] = [];
  let group: Span | undefined;
  for (const s of block.sentences) {
    if (group && tokensOf({ start: group.start, end: s.end }) <= GROUP_TOKENS) group.end = s.end;
    else out.push((group = { start: s.start, end: s.end }));
  }
  return out;
}

/**
 * Which words to score: all (undefined) or the indices of the chosen blocks' words, in order.
 * `counted`: the query's counts in the blocks' sentences, when the caller has them.
 */
export function coarseToFinePlan(
  text: string,
  words: readonly Word[],
  blocks: readonly Block[],
  query: string,
  targetTokens: number,
  totalTokens: number,
  c2f: CoarseToFine = SERVED_C2F,
  match: LexicalMatch = LEXICAL_MATCH,
  counted?: SentenceCounts,
): number[] | undefined {
  // A unit's share of the o200k total, by characters: exact counts cost as much as the savings here.
  const tokensOf = (s: Span) => (totalTokens * (s.end - s.start)) / Math.max(1, text.length);
  // A block larger than the least the model scores anyway is ranked in groups of its sentences
  // (GROUP_TOKENS): as one unit it was scored whole.
  const units = blocks.flatMap((b): readonly Span[] => (b.sentences.length > 1 && tokensOf(b) > c2f.minTokens ? sentenceGroups(b, tokensOf) : [b]));
  // A grouped block (over minTokens, groups of at most GROUP_TOKENS) always gives several units.
  const grouped = units.length > blocks.length;
  const bound = targetTokens + (c2f.rest ?? 1) * Math.max(0, totalTokens - targetTokens);
  const cover = Math.max(Math.min(c2f.cover * targetTokens, bound), grouped ? GROUPED_MIN * c2f.minTokens : c2f.minTokens);
  if (cover >= 0.8 * totalTokens || units.length < 2) return undefined;
  // Units rank by BM25 over their sentences' counts, which the lexical prior reads again later.
  const lexical = blockMatchScores(text, units, counted ?? countSentences(text, blocks.flatMap((b) => b.sentences), query, match));
  const order = units.map((_, i) => i).sort((a, b) => lexical[b]! - lexical[a]! || a - b);
  const chosen = new Uint8Array(units.length);
  let covered = 0;
  for (const i of order) {
    if (covered >= cover) break;
    chosen[i] = 1;
    covered += tokensOf(units[i]!);
  }
  const out: number[] = [];
  let u = 0;
  for (let w = 0; w < words.length; w++) {
    const word = words[w]!;
    while (u < units.length && units[u]!.end <= word.start) u++;
    if (u < units.length && chosen[u] && word.start >= units[u]!.start) out.push(w);
  }
  return out;
}

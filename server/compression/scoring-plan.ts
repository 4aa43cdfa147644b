import type { Word } from '../model/words.js';
import { LEXICAL_MATCH } from './compress-text.js';
import { blockMatchScores, countSentences, type LexicalMatch, type SentenceCounts } from './lexical.js';
import type { Block, Span } from './segment.js';

/**
 * Coarse-to-fine: in paragraph mode only the blocks that can make the cut need the model. A cheap
 * first stage (stemmed BM25 of each block against the query) ranks the blocks; the model scores
 * the best of them until they hold `COVER_FACTOR` times the target or `MIN_SCORED_TOKENS`,
 * whichever is more, and every other block keeps a model score of 0 (it still ranks by its
 * lexical prior, below the scored ones). Chosen on the development set (Debian FAQ, latte_v2
 * coarse, retention at 2/4/10/20/50x): with all 110 paragraphs as the haystack (13k tokens) full
 * scoring kept 100/97.3/93.6/87.3/56.4, cover 3x or 2,000 tokens 100/97.3/93.6/88.2/60.0, 4x or
 * 4,000 tokens 100/97.3/93.6/83.6/56.4; with gold + 19 (3k tokens) 3x / 2,000 kept exactly what
 * full scoring kept. A 100k-token context at 10x is scored on 30% of its blocks.
 *
 * Below 5x the cover is at most the target plus `REST_SHARE` of the rest: at 2x three times the
 * target was the whole text, so coarse mode at 2x scored every block, as fine mode does. 0.3 scores
 * 65% of the text at 2x and 47.5% at 4x. Development sets (latte_v2): gold + 19 FAQ questions at
 * 2-50x, both sets, kept exactly the same with a share of 1 (the whole text), 0.5, 0.3, 0.1 and 0
 * (latte_v1: the same at 0.5 and 0.3); the paraphrased development needles, both sets, the same at
 * 1, 0.5 and 0.3 in 2,000- and 8,000-token haystacks and at 0.5, 0.3 and 0.1 in 30,000-token ones
 * (2/4/10x). So the share is set by speed against headroom: 0 would leave the choice at 2x to the
 * first stage alone. A 100k-token context (AMD EPYC with VNNI, five alternating calls each, median
 * ms, share 0.5 / 0.3): int8 2x 890 / 823, 4x 885 / 700; fp32 (the file a host without VNNI serves)
 * 2x 1,303 / 1,077, 4x 1,102 / 835. Before the bound (share 1), 2x took 1,076 ms against 860 at 0.5
 * on an Intel Xeon.
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
 * A block larger than `minTokens` (text without blank lines: a log, lines extracted from a PDF, a
 * transcript) is ranked in groups of consecutive sentences of about this many tokens, and the
 * cover is then at least `GROUPED_MIN` x `minTokens`. As one unit such a block was scored whole.
 * Development sets made one block (FAQ haystacks joined by single line breaks, gold + 49 and every
 * paragraph of the source: 5-13k tokens; latte_v2 coarse, 2/4/10/20/50x, questions kept against
 * full scoring, four haystack sets, 2,470 cells): groups of 200 tokens -4 (single sentences and
 * groups of 100 lost 3-4 questions at 50x in each set, groups of 200 with the plain 2,000-token
 * cover lost 9 at 50x and gained 16 at 4-20x); per set -2 / -1 / -2 / +1, at 50x -3 of 494.
 * Same host, a 95k-token wall of SQuAD paragraphs, median of five calls, full / grouped: 2x 1,372 /
 * 1,041 ms, 4x 1,451 / 801, 10x 1,598 / 679.
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

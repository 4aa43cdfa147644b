import type { Word } from '../model/words.js';
import { LEXICAL_MATCH } from './compress-text.js';
import { blockMatchScores, countSentences, type LexicalMatch, type SentenceCounts } from './lexical.js';
import type { Block } from './segment.js';

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
export const COVER_FACTOR = 3;
export const MIN_SCORED_TOKENS = 2_000;
export const REST_SHARE = 0.3;

/** How much coarse-to-fine scores (benchmarks vary it; the served values are the defaults above). */
export interface CoarseToFine {
  cover: number;
  minTokens: number;
  /** Share of the text beyond the target that the cover may reach at most (default 1: no bound). */
  rest?: number;
}
export const SERVED_C2F: CoarseToFine = { cover: COVER_FACTOR, minTokens: MIN_SCORED_TOKENS, rest: REST_SHARE };

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
  const bound = targetTokens + (c2f.rest ?? 1) * Math.max(0, totalTokens - targetTokens);
  const cover = Math.max(Math.min(c2f.cover * targetTokens, bound), c2f.minTokens);
  if (cover >= 0.8 * totalTokens || blocks.length < 2) return undefined;
  // Blocks rank by BM25 over their sentences' counts, which the lexical prior reads again later.
  const lexical = blockMatchScores(text, blocks, counted ?? countSentences(text, blocks.flatMap((b) => b.sentences), query, match));
  const order = blocks.map((_, i) => i).sort((a, b) => lexical[b]! - lexical[a]! || a - b);
  const chosen = new Uint8Array(blocks.length);
  let covered = 0;
  for (const i of order) {
    if (covered >= cover) break;
    chosen[i] = 1;
    // A block's share of the o200k total, by characters: exact counts cost as much as the savings here.
    covered += (totalTokens * (blocks[i]!.end - blocks[i]!.start)) / Math.max(1, text.length);
  }
  const out: number[] = [];
  let b = 0;
  for (let w = 0; w < words.length; w++) {
    const word = words[w]!;
    while (b < blocks.length && blocks[b]!.end <= word.start) b++;
    if (b < blocks.length && chosen[b] && word.start >= blocks[b]!.start) out.push(w);
  }
  return out;
}

import { assemble, normalizeSpans } from '../../server/compression/engine/assemble/assemble.js';
import { bm25 } from '../../server/compression/engine/score/lexical.js';
import { segment, type Span } from '../../server/compression/engine/split/segment.js';
import { countTokens } from '../../server/compression/engine/text/tokens.js';

/** Baselines the models must beat, all under the same o200k token budget as the engine. */
function sentences(text: string): Span[] {
  return segment(text, false).flatMap((b) => b.sentences.map((s) => ({ start: s.start, end: s.end })));
}

function fill(text: string, ranked: Span[], budget: number): string {
  const kept: Span[] = [];
  let used = 0;
  for (const s of ranked) {
    const cost = countTokens(text.slice(s.start, s.end));
    if (used + cost <= budget) {
      kept.push(s);
      used += cost;
    }
  }
  return assemble(text, normalizeSpans(kept), false);
}

/** Sentences ranked by Okapi BM25 against the query (the engine's lexical prior alone), best first while they fit. */
export function bm25Sentences(text: string, query: string, budget: number): string {
  const spans = sentences(text);
  const scores = bm25(text, spans, query);
  const ranked = spans.map((s, i) => ({ s, score: scores[i]!, i })).sort((a, b) => b.score - a.score || a.i - b.i);
  return fill(text, ranked.map((r) => r.s), budget);
}

/** The first whole words that fit the budget. */
export function truncate(text: string, budget: number): string {
  const words = [...text.matchAll(/\S+/gu)];
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    const end = words[mid - 1]!.index! + words[mid - 1]![0].length;
    if (countTokens(text.slice(0, end)) <= budget) lo = mid;
    else hi = mid - 1;
  }
  return lo === 0 ? '' : text.slice(0, words[lo - 1]!.index! + words[lo - 1]![0].length);
}

/** Random sentences while they fit. */
export function randomSentences(text: string, budget: number, random: () => number): string {
  const spans = sentences(text);
  for (let i = spans.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [spans[i], spans[j]] = [spans[j]!, spans[i]!];
  }
  return fill(text, spans, budget);
}

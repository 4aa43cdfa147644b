import { assemble, normalizeSpans } from '../server/compression/assemble.js';
import { segment, type Span } from '../server/compression/segment.js';
import { countTokens } from '../server/compression/tokens.js';
import { normalizeWord } from '../server/model/words.js';

/** Baselines the models must beat, all under the same o200k token budget as the engine. */
const STOP = new Set('a an the of in on at to for from by with and or is are was were be been what which who whom whose when where why how did does do that this these those it its as'.split(' '));

const terms = (s: string): string[] =>
  normalizeWord(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0 && !STOP.has(w));

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

/**
 * Okapi BM25 over the context's sentences (k1 = 1.2, b = 0.75), best sentences first while they
 * fit. Written here because the baseline needs exactly this sentence split and token budget.
 */
export function bm25Sentences(text: string, query: string, budget: number): string {
  const spans = sentences(text);
  const docs = spans.map((s) => terms(text.slice(s.start, s.end)));
  const avg = docs.reduce((a, d) => a + d.length, 0) / Math.max(1, docs.length);
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1);
  const q = [...new Set(terms(query))];
  const scores = docs.map((d) => {
    const tf = new Map<string, number>();
    for (const t of d) tf.set(t, (tf.get(t) ?? 0) + 1);
    return q.reduce((s, t) => {
      const f = tf.get(t) ?? 0;
      if (!f) return s;
      const idf = Math.log(1 + (docs.length - df.get(t)! + 0.5) / (df.get(t)! + 0.5));
      return s + (idf * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * d.length) / avg));
    }, 0);
  });
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

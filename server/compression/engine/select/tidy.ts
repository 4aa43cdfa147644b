import { normalizeSpans } from '../assemble/assemble.js';
import { isNegationAt } from '../score/information.js';
import type { Block, Span } from '../split/segment.js';
import { GLUE } from '../text/stop-words.js';

/** The text a word-level selection was made on. */
interface TidyInput {
  text: string;
  blocks: readonly Block[];
}

// A kept run made only of glue words (stop-words.ts GLUE) is an orphan.
export const hasContent = (text: string): boolean => text.split(/\s+/u).some((w) => {
  const bare = w.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '').toLowerCase();
  return /[\p{L}\p{N}]/u.test(bare) && !GLUE.has(bare);
});
/** Runs up to this many words are checked for content; longer ones always carry some. */
const ORPHAN_WORDS = 3;

/** A negation word and its neighbours in its sentence: found once per text, checked per cut. */
export interface Negation {
  token: Span;
  neighbours: Span[];
}

export function negationsOf(input: TidyInput): Negation[] {
  const out: Negation[] = [];
  for (const b of input.blocks) {
    for (const s of b.sentences) {
      s.pieces.forEach((t, i) => {
        if (!isNegationAt(input.text, t.start, t.end)) return;
        out.push({ token: t, neighbours: [s.pieces[i - 1], s.pieces[i + 1]].filter((n): n is Span => n !== undefined) });
      });
    }
  }
  return out;
}

/**
 * Cleans a word-level selection: drops orphan runs (a kept run of at most three words with no
 * content word, such as "the" or "-"), and keeps a negation next to a kept word of its sentence,
 * so a cut never flips a statement ("did not approve" never becomes "did approve").
 */
export function tidy(input: TidyInput, kept: readonly Span[], negationWords: readonly Negation[]): Span[] {
  const { text, blocks } = input;
  const spans = normalizeSpans(kept);
  const covered = (t: Span) => {
    let lo = 0;
    let hi = spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (spans[mid]!.end <= t.start) lo = mid + 1;
      else hi = mid;
    }
    const k = spans[lo];
    return k !== undefined && k.start <= t.start && k.end >= t.end;
  };
  const negations = negationWords.filter((n) => !covered(n.token) && n.neighbours.some(covered)).map((n) => n.token);
  const all = negations.length ? normalizeSpans([...spans, ...negations]) : spans;
  // Runs: spans separated by whitespace only read as one stretch of text.
  const out: Span[] = [];
  let run: Span[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const from = run[0]!.start;
    const to = run.at(-1)!.end;
    const body = text.slice(from, to);
    if (body.split(/\s+/u).length > ORPHAN_WORDS || hasContent(body)) out.push(...run);
    run = [];
  };
  const sentenceStarts = blocks.flatMap((b) => b.sentences.map((s) => s.start));
  const sentenceOf = (at: number) => {
    let lo = 0;
    let hi = sentenceStarts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sentenceStarts[mid]! <= at) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  for (const s of all) {
    const last = run.at(-1);
    if (last && (!/^\s*$/u.test(text.slice(last.end, s.start)) || sentenceOf(last.end - 1) !== sentenceOf(s.start))) flush();
    run.push(s);
  }
  flush();
  return out;
}

/**
 * The answer-span stage (answer-span.ts) in the engine's terms: its token values spread over the
 * scorer's words, and a candidate token's trailing punctuation split off, so a target of a few
 * tokens can keep "Rollo" (2 tokens) where "Rollo." (3) would not fit.
 */
import type { Word } from '../../../model/words.js';
import { answerCandidates, withoutTrailingPunctuation } from './answer-span.js';
import { stem, terms } from './lexical.js';
import type { Sentence, Span } from '../split/segment.js';

/**
 * Targets up to this many tokens get the stage. The development short contexts (budgets 1-10)
 * are all below it; larger targets keep whole sentences or runs where the sentence rank decides.
 */
export const TINY_GOAL = 16;
/**
 * What a full fit adds to a word's own information (0..2 there: a capitalised word or a number is
 * 0.8-1, doubled when the question asks for its kind). Development short contexts, latte_v2:
 * see docs/real-inputs-prose.md.
 */
const ANSWER_WEIGHT = 10;

/**
 * A sentence's best candidate, times this, is added to its rank when choosing the one sentence a
 * target below every sentence is cut from ("That was in 1921." over the sentence echoing the question).
 */
const SENTENCE_SHARE = 1;
/** Candidates within this share of the best one count fully. */
const TOP_SHARE = 0.9;

export interface AnswerWords {
  /** Per scorer word, 0..1: how much it holds a candidate of the asked kind near the question's words. */
  values: Float32Array;
  weight: number;
  /** Added to a sentence's score when the one sentence a tiny target is cut from is chosen: SENTENCE_SHARE of its best candidate. */
  sentenceBonus(sentence: Span): number;
  /** A sentence's tokens with a candidate's trailing punctuation as a token of its own. */
  split(tokens: readonly Span[]): Span[];
}

const hasLetterOrDigit = (w: string) => /[\p{L}\p{N}]/u.test(w);

/** Undefined when the question asks for no kind the stage knows (or no sentence holds one). */
export function answerWordValues(text: string, words: readonly Word[], sentences: readonly Sentence[], query: string): AnswerWords | undefined {
  const askedTerms = terms(query);
  const asked = new Set(askedTerms.map((t) => stem(t)));
  // The same stem, or a variant sharing its first five letters ("Normandy" for "Normans").
  const echoes = (w: string) => asked.has(stem(w)) || (w.length >= 5 && askedTerms.some((a) => a.length >= 5 && a.slice(0, 5) === w.slice(0, 5)));
  const values = new Float32Array(words.length);
  const candidate = new Set<number>();
  let any = false;
  let w = 0;
  let previous: Sentence | undefined;
  let previousEchoes = false;
  for (const s of sentences) {
    if (s.atomic || s.pieces.length === 0) continue;
    // Same paragraph: nothing but spaces and a single line break between the sentences.
    const adjacent = previous !== undefined && !/\n[ \t]*\n/u.test(text.slice(previous.end, s.start));
    const fits = answerCandidates(text, s.pieces, query, echoes, adjacent && previousEchoes);
    if (!fits) return undefined;
    previous = s;
    previousEchoes = s.pieces.some((t) => echoes(text.slice(t.start, t.end).replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '').toLowerCase()));
    s.pieces.forEach((t, i) => {
      const v = fits[i]!;
      if (v === 0) return;
      any = true;
      candidate.add(t.start);
      while (w < words.length && words[w]!.start < t.start) w++;
      while (w > 0 && words[w - 1]!.start >= t.start) w--;
      for (let k = w; k < words.length && words[k]!.start < t.end; k++) if (hasLetterOrDigit(words[k]!.text)) values[k] = v;
    });
  }
  if (!any) return undefined;
  // The best candidates lead; the others weigh a quarter, so that two weak ones ("Normandy ...
  // France") do not outweigh the one the question points at ("leader Rollo").
  const top = Math.max(...values);
  for (let k = 0; k < values.length; k++) if (values[k]! < TOP_SHARE * top) values[k] = values[k]! / 4;
  // Each sentence's best value, in one pass (sentences and words are in text order).
  const bestIn = new Map<number, number>();
  let k = 0;
  for (const s of sentences) {
    while (k < words.length && words[k]!.start < s.start) k++;
    let best = 0;
    for (let j = k; j < words.length && words[j]!.end <= s.end; j++) best = Math.max(best, values[j]!);
    bestIn.set(s.start, best);
  }
  return {
    values,
    weight: ANSWER_WEIGHT,
    sentenceBonus: (sentence) => SENTENCE_SHARE * (bestIn.get(sentence.start) ?? 0),
    split: (tokens) =>
      tokens.flatMap((t) => {
        if (!candidate.has(t.start)) return [t];
        const word = withoutTrailingPunctuation(text, t);
        return word.end === t.end ? [t] : [word, { start: word.end, end: t.end }];
      }),
  };
}

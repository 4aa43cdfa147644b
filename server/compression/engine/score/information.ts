import type { Word } from '../../../model/words.js';
import { stringMemo } from '../../../model/string-memo.js';
import { answerKind } from './answer-kind.js';
import { stem } from './lexical.js';

const NEGATION = /^(not|no|never|without|none|nor|cannot|nothing|nobody|neither|\w+n['’]t)$/iu;
const SENTENCE_END = /[.!?:]["'”’)\]]*$/u;
/** Leading and trailing punctuation around a whitespace token ("(Berlin)," -> "Berlin"). */
const EDGE_PUNCT = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;

/** What a token says on its own, whatever its neighbours (memoised: tokens repeat). */
const traitsOf = stringMemo((token: string) => {
  const bare = token.replace(EDGE_PUNCT, '');
  const negation = NEGATION.test(bare);
  return {
    empty: !bare,
    negation,
    /** Digits or an identifier (camelCase, snake_case), or a negation. */
    strong: /\d/u.test(bare) || /\p{Ll}\p{Lu}|_/u.test(bare) || negation,
    capital: /^\p{Lu}/u.test(bare),
    unit: /^[\p{L}%°µ]{1,4}$/u.test(bare),
    digit: /\d/u.test(token),
    endsSentence: SENTENCE_END.test(token),
  };
});

/** Whether a whitespace token is a negation ("not", "never", "didn't"), ignoring punctuation around it. */
export function isNegation(token: string): boolean {
  return traitsOf(token).negation;
}

/**
 * `isNegation` of `text.slice(start, end)`. Every NEGATION word holds an "n" or (without) a "w",
 * so a token with neither is answered without cutting it out and looking it up (most tokens).
 */
export function isNegationAt(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i) | 0x20;
    if (c === 110 || c === 119) return isNegation(text.slice(start, end));
  }
  return false;
}

type Traits = ReturnType<typeof traitsOf>;

/** What a whitespace-delimited token carries on its own, 0..1 (`previous`: the traits of the token before it). */
function tokenInformation(t: Traits, previous: Traits | undefined, lineStart: boolean): number {
  if (t.empty) return 0;
  if (t.strong) return 1;
  const sentenceStart = lineStart || previous === undefined || previous.endsSentence;
  if (t.capital && !sentenceStart) return 0.8;
  if (previous && previous.digit && t.unit) return 0.8;
  return 0;
}

/**
 * How much each word carries on its own, 0..1, for query-free scoring: numbers, dates, identifiers,
 * names, negations and the unit after a number, judged per whitespace token ("$4.2M" counts whole).
 * A changed number or a dropped "not" flips the meaning, so these rank first.
 */
export function informationOf(words: readonly Word[], text: string): Float32Array {
  const out = new Float32Array(words.length);
  const re = /\S+/gu;
  let previous: Traits | undefined;
  let lastEnd = 0;
  let nextBreak = text.indexOf('\n');
  let w = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const end = m.index + m[0].length;
    // The next line break at or after the previous token, found again only once passed.
    if (nextBreak !== -1 && nextBreak < lastEnd) nextBreak = text.indexOf('\n', lastEnd);
    const traits = traitsOf(m[0]);
    const info = tokenInformation(traits, previous, nextBreak !== -1 && nextBreak < m.index);
    while (w < words.length && words[w]!.start < m.index) w++;
    for (; w < words.length && words[w]!.end <= end; w++) out[w] = info;
    previous = traits;
    lastEnd = end;
  }
  return out;
}

/** `(1 - weight) * model + weight * information`, word by word. */
export function withInformationPrior(words: readonly Word[], text: string, scores: Float32Array, weight: number): Float32Array {
  const info = informationOf(words, text);
  return scores.map((s, i) => (1 - weight) * s + weight * info[i]!);
}

/** Shortest shared prefix that makes two words variants of one ("Normans", "Normandy"). */
const VARIANT_PREFIX = 5;

/**
 * Whether a (lowercased) word echoes the question: the same word, the same stem ("located", "locate"), or a
 * variant sharing most of its letters with a question word ("Normans" for "Normandy").
 */
function echoes(w: string, asked: readonly string[], askedStems: ReadonlySet<string>): boolean {
  if (askedStems.has(stem(w))) return true;
  if (w.length < VARIANT_PREFIX) return false;
  return asked.some((a) => {
    let n = 0;
    while (n < a.length && n < w.length && a[n] === w[n]) n++;
    return n >= VARIANT_PREFIX && n >= 0.7 * Math.min(a.length, w.length);
  });
}

/**
 * Information with a query: what the question asks for counts double (numbers and dates for
 * "when" and "how many", names for "where" and "who"), and words that echo the question count
 * nothing, since the reader has them; so a cut sentence keeps the answer, not the echo.
 */
export function answerInformationOf(words: readonly Word[], text: string, query: string): Float32Array {
  const info = informationOf(words, text);
  const kind = answerKind(query);
  const asked = query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const askedStems = new Set(asked.map((a) => stem(a)));
  // A word echoes the question only if it opens with the letter a question word opens with (a
  // stem keeps its first letter; a variant shares five).
  const openers = new Set(asked.map((a) => a[0]));
  for (let i = 0; i < words.length; i++) {
    // Zeroing or doubling 0 changes nothing, and most words carry 0 on their own.
    if (info[i] === 0) continue;
    const w = words[i]!.text;
    const lower = w.toLowerCase();
    if (openers.has(lower[0]!) && echoes(lower, asked, askedStems)) info[i] = 0;
    else if ((kind === 'time' || kind === 'quantity') && /\d/u.test(w)) info[i] = info[i]! * 2;
    else if (kind === 'name' && /^\p{Lu}/u.test(w) && !/\d/u.test(w)) info[i] = info[i]! * 2;
  }
  return info;
}

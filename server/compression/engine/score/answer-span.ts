/**
 * Tiny budgets with a query: which tokens of a sentence hold the kind of answer asked for (a person
 * for "who", a year for "when", a number for "how many", a place, a code identifier), near the
 * question's words. compress-text.ts adds it to the words' rank at a few tokens of target, so the
 * word kept is the answer ("Rollo"), not an echo. Rules are data per language (English so far).
 */
import type { Span } from '../split/segment.js';

export type AnswerSpanKind = 'person' | 'time' | 'quantity' | 'place' | 'code';

/** What one language's questions and answers look like. */
interface LanguageRules {
  /** Checked in order; the first pattern that matches the lowercased question names its kind. */
  questions: ReadonlyArray<readonly [AnswerSpanKind, RegExp]>;
  /** Lowercased words before a place name ("in Lisbon", "near Kotor"). */
  placeBefore: ReadonlySet<string>;
  /** Lowercased words after which a capitalised word is a person ("by Lucia Ferrante", "leader Rollo"). */
  personBefore: ReadonlySet<string>;
  /** Months and weekdays, lowercased (a capitalised one is a time, never a name). */
  timeWords: ReadonlySet<string>;
  /** Numbers written out, lowercased. */
  numberWords: ReadonlySet<string>;
  /** Lowercased words that open a sentence about the one before ("That was in 1921."). */
  anaphora: ReadonlySet<string>;
  /** Lowercased words that are capitalised but name nobody (sentence openers, pronouns). */
  notNames: ReadonlySet<string>;
}

const words = (s: string): ReadonlySet<string> => new Set(s.split(' '));

const CODE_NOUNS = 'commands?|variables?|settings?|options?|flags?|functions?|methods?|files?|keys?|parameters?|property|properties|fields?|class(?:es)?|modules?|packages?|endpoints?|headers?|director(?:y|ies)|paths?|scripts?|arguments?|switch(?:es)?|env(?:ironment)?';
const PERSON_NOUNS = 'person|people|man|woman|author|writer|artist|painter|composer|scientist|player|leader|king|queen|president|founder|inventor|engineer|architect|chef|maintainer|keeper';
const PLACE_NOUNS = 'city|cities|country|countries|town|place|region|state|island|village|continent|river|port|capital';

const ENGLISH: LanguageRules = {
  questions: [
    // The head noun first: "Which variable sets the number of workers?" asks for a variable.
    ['code', new RegExp(String.raw`\b(?:which|what)\s+(?:[a-z-]+\s+)?(?:${CODE_NOUNS})\b`, 'u')],
    ['time', /\bwhen\b|\b(?:what|which)\s+(?:year|date|day|month|century|decade|time)\b|\bhow long ago\b/u],
    ['quantity', /\bhow\s+(?:many|much|long|far|old|tall|high|wide|deep|big|large|heavy|often)\b|\b(?:what|which)\s+(?:number|amount|percentage|share|price|cost|size)\b/u],
    ['person', new RegExp(String.raw`\bwho(?:m|se)?\b|\b(?:which|what)\s+(?:${PERSON_NOUNS})\b`, 'u')],
    ['place', new RegExp(String.raw`\bwhere\b|\b(?:which|what)\s+(?:${PLACE_NOUNS})\b`, 'u')],
  ],
  placeBefore: words('in at to from near outside inside of into across towards toward via northern southern eastern western central'),
  personBefore: words('by leader keeper author founder engineer chef volunteer climber director captain writer painter president king queen'),
  timeWords: words(
    'january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday',
  ),
  numberWords: words('two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred thousand million billion dozen half'),
  anaphora: words('that this it he she they there then its his her their'),
  notNames: words('the a an it its this that these those he she they we i you his her their our my after before in on at by for from with and but or if when while'),
};

const RULES: Readonly<Record<string, LanguageRules>> = { en: ENGLISH };

/** The rules for a question, or undefined for a language without any (then no token is a candidate). */
function rulesFor(query: string): LanguageRules | undefined {
  // Only English rules exist so far; a question in another script matches none of their patterns.
  return /\p{Script=Latin}/u.test(query) ? RULES.en : undefined;
}

/** The kind of answer a question asks for, or undefined ("what is ...?", "why ...?"). */
export function askedAnswerKind(query: string): AnswerSpanKind | undefined {
  const q = query.toLowerCase();
  return rulesFor(query)?.questions.find(([, re]) => re.test(q))?.[0];
}

/** Punctuation and quotes around a word ("(Rollo)." -> "Rollo"), and a possessive 's. */
const EDGES = /^[\p{P}\p{S}]+|(?:['’]s)?[\p{P}\p{S}]*$/gu;
const bare = (token: string) => token.replace(EDGES, '');

const YEAR = /^(?:1[0-9]{3}|20[0-9]{2})s?$/u;
const CLOCK = /^\d{1,2}[:.]\d{2}$/u;
const CAPITALISED = /^\p{Lu}[\p{L}'’-]*$/u;
const IDENTIFIER = /\p{Ll}\p{Lu}|_|^--?[a-z]|\(\)|=|\/|\.[a-z]{2,4}$/u;

/** How well a token fits the kind, 0..1, from its own text and the word before it. */
function fit(kind: AnswerSpanKind, raw: string, previous: string | undefined, first: boolean, rules: LanguageRules): number {
  const word = bare(raw);
  if (!word) return 0;
  const lower = word.toLowerCase();
  const before = previous === undefined ? '' : bare(previous).toLowerCase();
  const name = CAPITALISED.test(word) && !rules.timeWords.has(lower) && !rules.notNames.has(lower) && !first;
  switch (kind) {
    case 'code':
      if (raw.includes('`')) return 1;
      return IDENTIFIER.test(word) ? 0.7 : 0;
    case 'time':
      if (YEAR.test(word)) return 1;
      // A month or weekday is part of a date whose year, when there is one, is the short answer.
      if (CAPITALISED.test(word) && rules.timeWords.has(lower)) return 0.6;
      return CLOCK.test(word) ? 0.8 : 0;
    case 'quantity':
      if (/\d/u.test(word)) return YEAR.test(word) ? 0.5 : 1;
      return rules.numberWords.has(lower) ? 0.7 : 0;
    case 'person':
      if (!name) return 0;
      return rules.placeBefore.has(before) ? 0.4 : 1;
    case 'place':
      if (!name) return 0;
      return rules.placeBefore.has(before) ? 1 : 0.6;
  }
}

/** Tokens either side of a question word within which a candidate counts as near it. */
const NEAR = 8;
/** A candidate further from every question word than NEAR keeps this share of its fit. */
const FAR = 0.6;

/**
 * Per whitespace token of a sentence, how much it holds the answer asked for: its fit to the kind,
 * less with no question word near, 0 for a word the question uses. `echoes(word)`: a lowercased word
 * is a question term; `afterEcho`: the sentence before uses one. Undefined for a kind not known here.
 */
export function answerCandidates(text: string, tokens: readonly Span[], query: string, echoes: (word: string) => boolean, afterEcho = false): Float32Array | undefined {
  const rules = rulesFor(query);
  const kind = askedAnswerKind(query);
  if (!rules || !kind) return undefined;
  const raw = tokens.map((t) => text.slice(t.start, t.end));
  const echo = raw.map((r) => {
    const w = bare(r).toLowerCase();
    return w.length > 0 && echoes(w);
  });
  const out = new Float32Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    if (echo[i]) continue;
    const f = fit(kind, raw[i]!, raw[i - 1], i === 0, rules);
    if (f === 0) continue;
    // A sentence opening with "That"/"It" after one that echoes the question is about it.
    let near = afterEcho && i < NEAR && rules.anaphora.has(bare(raw[0]!).toLowerCase());
    for (let j = Math.max(0, i - NEAR); j <= Math.min(tokens.length - 1, i + NEAR) && !near; j++) near = echo[j]!;
    out[i] = f * (near ? 1 : FAR);
    if (kind === 'person' && rules.personBefore.has(bare(raw[i - 1] ?? '').toLowerCase())) out[i] = out[i]! + 0.1;
  }
  // A name of several words ("Lucia Ferrante") is one candidate: each word gets the best value of
  // the run, and the last (the surname, what a short answer keeps) a little more.
  if (kind === 'person' || kind === 'place') {
    for (let i = 0; i < out.length; i++) {
      if (out[i] === 0) continue;
      let j = i;
      while (j + 1 < out.length && out[j + 1]! > 0 && !/[,;:.]$/u.test(raw[j]!)) j++;
      const value = Math.max(...out.subarray(i, j + 1));
      out.fill(value, i, j + 1);
      if (j > i) out[j] = value + 0.05;
      i = j;
    }
  }
  return out;
}

/**
 * The span of a token without the punctuation after it ("Rollo." -> "Rollo"): a kept answer word at
 * the end of a tiny output needs no full stop, and the stop costs a token.
 */
export function withoutTrailingPunctuation(text: string, span: Span): Span {
  let end = span.end;
  while (end > span.start + 1 && /[.,;:!?"'”’]/u.test(text[end - 1]!)) end--;
  return { start: span.start, end };
}

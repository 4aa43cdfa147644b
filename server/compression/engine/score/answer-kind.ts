/** What kind of answer a question asks for, and whether a piece of text holds one. */
import type { Span } from '../split/segment.js';

/** The kind of answer a question asks for, from its question words: a point in time, an amount, a name. */
type AnswerKind = 'time' | 'quantity' | 'name' | 'any';

/**
 * "What/which ... <noun>" questions named by their head noun, after the answer types of question
 * classification (Li and Roth's numeric and human/location classes): up to four words may sit between
 * ("What is the maximum daily dose", "Which famous sculptor").
 */
const WHAT = String.raw`\b(?:what|which)(?:\s+[\p{L}'-]+){0,4}?\s+`;
const TIME_NOUNS = 'year|date|time|day|month|century|decade|hour|season|era';
const QUANTITY_NOUNS =
  'number|amount|percentage|percent|proportion|share|rate|size|price|cost|fee|temperature|distance|speed|length|height|width|depth|weight|capacity|population|limit|total|dose|count';
const NAME_NOUNS =
  'person|man|woman|scientist|artist|author|writer|composer|painter|sculptor|architect|engineer|surgeon|doctor|king|queen|president|leader|founder|inventor|player|company|team|city|country|state|town|village|region|province|river|island|mountain|continent|county|street';
const ASKS_TIME = new RegExp(String.raw`\bwhen\b|${WHAT}(?:${TIME_NOUNS})s?\b`, 'u');
const ASKS_QUANTITY = new RegExp(String.raw`\bhow (?:many|much|long|wide|tall|high|old|far|big|large|heavy|deep|fast|often|hot|cold|warm)\b|${WHAT}(?:${QUANTITY_NOUNS})s?\b`, 'u');
const ASKS_NAME = new RegExp(String.raw`\b(?:where|who|whom|whose)\b|${WHAT}(?:${NAME_NOUNS})s?\b`, 'u');

/** The kind a question asks for: its question words first, then a "what/which ... <noun>" head noun. */
export function answerKind(query: string): AnswerKind {
  const q = query.toLowerCase();
  if (ASKS_TIME.test(q)) return 'time';
  if (ASKS_QUANTITY.test(q)) return 'quantity';
  if (ASKS_NAME.test(q)) return 'name';
  return 'any';
}

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec';
const WEEKDAYS = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mondays|Tuesdays|Wednesdays|Thursdays|Fridays|Saturdays|Sundays';
/**
 * What each kind looks like in running text (global: one scan of a whole text finds them all):
 * a year, a clock time, a month or a weekday (capitalised, so the verb "may" is none); a figure or
 * a number written out ("one" left out: "one of" is everywhere); a capitalised word after the
 * first of its sentence (a name, a place, an organisation: the match starts at the space before it).
 */
const KIND_IN_TEXT = {
  time: new RegExp(`\\b(?:1[0-9]{3}|20[0-9]{2})s?\\b|\\b\\d{1,2}:\\d{2}\\b|\\b(?:${MONTHS}|${WEEKDAYS})\\b|\\b(?:noon|midnight)\\b`, 'gu'),
  quantity: /\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundreds?|thousands?|millions?|billions?|dozens?|half)\b/giu,
  name: /\s\p{Lu}\p{Ll}/gu,
};

/**
 * For each span (in text order, not overlapping), whether it holds the kind of answer the question asks
 * for (a time for "when", a number for "how many", a name for "who"); undefined when it asks for none.
 * The text is scanned once, not span by span: this runs on every sentence of contexts up to 1M tokens.
 */
export function spansHoldingAskedKind(text: string, spans: readonly Span[], query: string): Uint8Array | undefined {
  const kind = answerKind(query);
  if (kind === 'any') return undefined;
  const re = KIND_IN_TEXT[kind];
  const starts: number[] = [];
  const ends: number[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    starts.push(m.index);
    ends.push(m.index + m[0].length);
  }
  const out = new Uint8Array(spans.length);
  let h = 0;
  spans.forEach((span, i) => {
    let from = span.start;
    // A name must follow the span's first word: its match starts after the first non-space.
    if (kind === 'name') while (from < span.end && /\s/u.test(text[from]!)) from++;
    while (h < starts.length && starts[h]! < (kind === 'name' ? from + 1 : from)) h++;
    out[i] = h < starts.length && ends[h]! <= span.end ? 1 : 0;
  });
  return out;
}

/** `spansHoldingAskedKind` for one sentence. */
export function holdsAskedKind(query: string): ((sentence: string) => boolean) | undefined {
  if (answerKind(query) === 'any') return undefined;
  return (s) => spansHoldingAskedKind(s, [{ start: 0, end: s.length }], query)![0] === 1;
}

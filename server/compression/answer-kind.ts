/** What kind of answer a question asks for, and whether a piece of text holds one. */

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
/** A year, a clock time, a month or a weekday (capitalised, so the verb "may" is none). */
const TIME_IN_TEXT = new RegExp(`\\b(?:1[0-9]{3}|20[0-9]{2})s?\\b|\\b\\d{1,2}:\\d{2}\\b|\\b(?:${MONTHS}|${WEEKDAYS})\\b|\\b(?:noon|midnight)\\b`, 'u');
/** A figure, or a number written out ("one" left out: "one of" is everywhere). */
const QUANTITY_IN_TEXT = /\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundreds?|thousands?|millions?|billions?|dozens?|half)\b/iu;
/** A capitalised word after the first: a name, a place, an organisation. */
const NAME_IN_TEXT = /\s\p{Lu}\p{Ll}/u;

/**
 * Whether a sentence holds the kind of answer the question asks for (a date or time for "when", a
 * number for "how many", a name for "who" or "where"); undefined when the question asks for no
 * such kind. A paraphrased question shares no word with its answer, but "At what time ...?" still
 * says the answer is a time.
 */
export function holdsAskedKind(query: string): ((sentence: string) => boolean) | undefined {
  switch (answerKind(query)) {
    case 'time':
      return (s) => TIME_IN_TEXT.test(s);
    case 'quantity':
      return (s) => QUANTITY_IN_TEXT.test(s);
    case 'name':
      return (s) => NAME_IN_TEXT.test(s.trimStart());
    default:
      return undefined;
  }
}

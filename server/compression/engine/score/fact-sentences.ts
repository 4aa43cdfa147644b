import type { Block } from '../split/segment.js';

/**
 * A capitalised word counts half a fact: "Our Node service keeps getting OOM-killed ... since Friday"
 * (three names) outranked "It started after we deployed v3.8.2". 8 development chats, facts kept of
 * 26 without a query at 4/10x: 1 19 / 3, 0.5 22 / 8, 0.34 20 / 8 (with the query 21 / 10 at each).
 */
const NAME_WEIGHT = 0.5;

const bareWord = (word: string): string => word.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '');

/**
 * Facts a sentence states: whitespace tokens holding a digit (numbers, dates, times, versions,
 * order and ticket ids), a path or dotted name (`src/report.ts`), an identifier (`snake_case`,
 * `camelCase`) or a name (capitalised, not opening the sentence, not "I"). What a later question
 * about a conversation asks for; small talk states none.
 */
export function factCount(sentence: string, known?: ReadonlySet<string>): number {
  let n = 0;
  let first = true;
  for (const m of sentence.matchAll(/\S+/gu)) {
    const bare = bareWord(m[0]);
    const opens = first;
    first = /[.!?:]["'”’)\]]*$/u.test(m[0]);
    if (!bare || known?.has(bare)) continue;
    if (/\d/u.test(bare) || /\p{L}[/.]\p{L}|_|\p{Ll}\p{Lu}/u.test(bare)) n++;
    else if (!opens && /^\p{Lu}/u.test(bare) && bare !== 'I') n += NAME_WEIGHT;
  }
  return n;
}

/** Facts at which a sentence gets the whole bonus: a date with its time, a name with a number. */
const SATURATION = 3;

/**
 * The blocks with each sentence's `bonus` raised by `bonus` times its share of facts (capped at
 * SATURATION), so the turns that state names, numbers and dates outrank small talk for the budget.
 */
export function withFactBonus(text: string, blocks: readonly Block[], bonus: number, knownText?: string, query?: string): Block[] {
  // What the question names is what it asks about, not something the reader has already.
  const asked = new Set((query ?? '').split(/\s+/u).map(bareWord));
  const known = knownText ? new Set(knownText.split(/\s+/u).map(bareWord).filter((w) => w && !asked.has(w))) : undefined;
  return blocks.map((b) => ({
    ...b,
    sentences: b.sentences.map((s) => {
      const facts = factCount(text.slice(s.start, s.end), known);
      return facts ? { ...s, bonus: (s.bonus ?? 0) + (bonus * Math.min(facts, SATURATION)) / SATURATION } : s;
    }),
  }));
}

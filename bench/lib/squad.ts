import { readFileSync } from 'node:fs';
import { stemmer } from 'stemmer';
import { terms } from '../../server/compression/engine/score/lexical.js';

/** One answerable SQuAD question with its gold paragraph. */
export interface QaItem {
  question: string;
  answers: string[];
  gold: number;
  /** Distractors come from paragraphs [from, to) only (a set joined from several sources); default: all. */
  pool?: readonly [number, number];
}

export interface SquadSet {
  paragraphs: string[];
  items: QaItem[];
}

/** Default location: `shared/data` beside the repository (validation data only; never trained on). */
export const DEFAULT_SQUAD = new URL('../../../shared/data/squad2-dev-subset.json', import.meta.url);

export function loadSquad(path: string | URL = DEFAULT_SQUAD): SquadSet {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as {
    data: Array<{ paragraphs: Array<{ context: string; qas: Array<{ question: string; is_impossible?: boolean; answers: Array<{ text: string }> }> }> }>;
  };
  const paragraphs: string[] = [];
  const items: QaItem[] = [];
  for (const article of raw.data) {
    for (const p of article.paragraphs) {
      const gold = paragraphs.push(p.context) - 1;
      for (const qa of p.qas) {
        if (qa.is_impossible || qa.answers.length === 0) continue;
        items.push({ question: qa.question, answers: [...new Set(qa.answers.map((a) => a.text))], gold });
      }
    }
  }
  return { paragraphs, items };
}

/** SQuAD's answer normalisation: lowercase, no punctuation, no articles, single spaces. */
export function normalizeAnswer(s: string): string {
  return s
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\b(a|an|the)\b/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Whether any gold answer survives in the text (normalised substring). */
export function retained(text: string, answers: readonly string[]): boolean {
  const t = ` ${normalizeAnswer(text)} `;
  return answers.some((a) => {
    const n = normalizeAnswer(a);
    return n.length > 0 && t.includes(` ${n} `);
  });
}

// The PRNG lives with the test helpers so tests seed the same way without importing bench/.
export { rng } from '../../test/helpers/rng.js';

/** Gold paragraph plus `k` distractors from other paragraphs, the gold at a position that cycles with `i`. */
export function haystack(set: SquadSet, item: QaItem, k: number, i: number, random: () => number): string {
  const others: number[] = [];
  const [from, to] = item.pool ?? [0, set.paragraphs.length];
  if (to - from <= k) throw new Error(`haystack: ${k} distractors asked from ${to - from - 1} paragraphs`);
  while (others.length < k) {
    const j = from + Math.floor(random() * (to - from));
    if (j !== item.gold && !others.includes(j)) others.push(j);
  }
  const position = i % (k + 1);
  const order = [...others.slice(0, position), item.gold, ...others.slice(position)];
  return order.map((j) => set.paragraphs[j]!).join('\n\n');
}

const SENTENCE_BREAK = /(?<=[.!?])\s+(?=[A-Z0-9"'(\[])/u;
/** Function words beyond the engine's question-word list: they say nothing about overlap. */
const GLUE = new Set(
  'has have had not no there their they he she his her him them than then also into about after before over under between during many much most more some any all one two can could would should will may might being its s'.split(' '),
);

/** Stemmed content words of a text: the benchmark's own normaliser for measuring word overlap. */
export function contentStems(text: string): Set<string> {
  return new Set(terms(text).filter((w) => !GLUE.has(w)).map((w) => stemmer(w)));
}

/**
 * The low-overlap slice: questions whose answer sentence (the gold paragraph's sentence holding
 * the first answer) shares at most one content stem with the question, so word matching alone
 * cannot find it. Returns the indexes into `set.items`.
 */
export function lowOverlapItems(set: SquadSet): number[] {
  const slice: number[] = [];
  set.items.forEach((item, i) => {
    const answer = ` ${normalizeAnswer(item.answers[0]!)} `;
    const sentence = set.paragraphs[item.gold]!.split(SENTENCE_BREAK).find((s) => ` ${normalizeAnswer(s)} `.includes(answer));
    if (sentence === undefined) return;
    const evidence = contentStems(sentence);
    const shared = [...contentStems(item.question)].filter((w) => evidence.has(w)).length;
    if (shared <= 1) slice.push(i);
  });
  return slice;
}

/**
 * Share of an extractive output's words that come from `part` (a paragraph of the context):
 * without placeholders the engine joins spans of different paragraphs with a blank line, so each
 * piece between blank lines comes from one paragraph, and it counts as `part`'s when its words
 * occur in `part` in order. Tells a small-budget output taken from the gold paragraph from one
 * taken from a distractor, whatever the length of the evidence.
 */
export function shareFrom(output: string, part: string): number {
  const wordsOf = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const source = wordsOf(part);
  let inside = 0;
  let all = 0;
  for (const piece of output.split(/\n[ \t]*\n/u)) {
    const words = wordsOf(piece);
    all += words.length;
    if (words.length > 0 && subsequence(words, source)) inside += words.length;
  }
  return all === 0 ? 0 : inside / all;
}

function subsequence(words: readonly string[], source: readonly string[]): boolean {
  let j = 0;
  for (const w of words) {
    while (j < source.length && source[j] !== w) j++;
    if (j === source.length) return false;
    j++;
  }
  return true;
}

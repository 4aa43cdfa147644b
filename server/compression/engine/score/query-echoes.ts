import type { Word } from '../../../model/words.js';
import { languageOf, stemmerFor } from '../text/language.js';
import { stopWordsFor, terms } from './lexical.js';

/**
 * Per word, the share of the query's weight (IDF over the text's words) among the terms it holds,
 * from 0 to 1: which words of a sentence the question is about. The networks tell that inside a
 * sentence in English; in Chinese and Japanese every clause of a sentence had the same lexical
 * rank, so a cut sentence kept an arbitrary run (docs/languages.md, "Query echoes").
 */
export function queryEchoes(text: string, words: readonly Word[], query: string): Float32Array {
  const out = new Float32Array(words.length);
  const normalize = stemmerFor(languageOf(text, query));
  const asked = new Map<string, number>();
  const glue = stopWordsFor(text);
  for (const t of terms(query, glue).map(normalize)) if (!asked.has(t)) asked.set(t, asked.size);
  if (asked.size === 0) return out;
  const held = words.map((w) => [...new Set(terms(w.text, glue).map(normalize))].map((t) => asked.get(t)).filter((i) => i !== undefined));
  const df = new Float64Array(asked.size);
  for (const h of held) for (const i of h) df[i]!++;
  const idf = Float64Array.from(df, (n) => (n > 0 ? Math.log(1 + (words.length - n + 0.5) / (n + 0.5)) : 0));
  const total = idf.reduce((a, b) => a + b, 0);
  if (total === 0) return out;
  held.forEach((h, w) => (out[w] = h.reduce((sum, i) => sum + idf[i]!, 0) / total));
  return out;
}

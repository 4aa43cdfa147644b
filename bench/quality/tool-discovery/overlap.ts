/**
 * The word-overlap check of the benchmark's queries: content stems (the engine's term split,
 * its stop list plus the bench's function words and pronouns, Porter stems) a query shares with a
 * tool's name words and description. A `paraphrase` query must share none with any tool it needs.
 */
import { stemmer } from 'stemmer';
import { terms } from '../../../server/compression/engine/score/lexical.js';

/** Words that carry no topic: the squad bench's glue plus pronouns and request phrasing. */
const FUNCTION_WORDS = new Set(
  (
    'has have had not no there their they he she his her him them than then also into about after before over under between during many much most more some any all one two can could would should will may might being its s ' +
    'i me my mine we us our ours you your yours please want need let so if up out just ' +
    'without through via within across each every other such per onto upon while'
  ).split(' '),
);

/** `read_text_file`, `API-get-user`, `getUserById`, `git.log` -> their words, lowercased. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/gu, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** Stemmed content words of a text. */
export function contentStems(text: string): Set<string> {
  return new Set(terms(text).filter((w) => !FUNCTION_WORDS.has(w)).map((w) => stemmer(w)));
}

/** The content stems a query shares with a tool's name words and description, sorted. */
export function sharedStems(query: string, tool: { name: string; description: string }): string[] {
  const toolStems = contentStems(`${nameWords(tool.name).join(' ')} ${tool.description}`);
  return [...contentStems(query)].filter((s) => toolStems.has(s)).sort();
}

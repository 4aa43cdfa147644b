import { stem, terms } from '../score/lexical.js';
import { longForms } from './abbreviations.js';
import type { ToolSpec } from './tool-shapes.js';

/** What the ranking reads of one tool: its name's words, its description and its parameters. */
export interface ToolText {
  name: string;
  /** The name split into lowercase words (`github.createIssue_v2` -> github, create, issue, v2). */
  nameWords: string[];
  description: string;
  /** Parameter names (split like the name) and descriptions, nested properties included. */
  params: string[];
  /** Everything above as one text, name first: what the lexical and model signals read. */
  text: string;
  /** The text's distinct content terms and their stems: what the semantic signal compares. */
  words: string[];
  /** Of `words`, those of the name and description (a tool's own wording; parameter text is longer and looser). */
  headWords: Set<string>;
  stems: Set<string>;
  /** Stem counts of the text with the name read NAME_REPEAT times more, and their total: the lexical (BM25) signal's document. */
  stemCounts: Map<string, number>;
  length: number;
}

/** The name's words are read this many extra times by BM25: a tool's name is its most telling field. */
const NAME_REPEAT = 2;

/** Most parameters read per tool, and how deep nested objects are followed. */
const MAX_PARAMS = 40;
const MAX_DEPTH = 3;

/** Splits an identifier on `_`, `.`, `-`, `/`, spaces and camelCase (`HTTPRequest` -> http, request). */
export function splitIdentifier(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.toLowerCase());
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `name: description` lines of a schema's properties, depth first, in definition order. */
function paramLines(schema: Record<string, unknown> | null, depth: number, out: string[]): void {
  if (!schema || depth > MAX_DEPTH) return;
  const props = schema['properties'];
  if (isObject(props)) {
    for (const [key, value] of Object.entries(props)) {
      if (out.length >= MAX_PARAMS) return;
      const prop = isObject(value) ? value : {};
      const description = typeof prop['description'] === 'string' ? prop['description'] : '';
      const values = Array.isArray(prop['enum']) ? prop['enum'].filter((e): e is string => typeof e === 'string').slice(0, 10).join(' ') : '';
      out.push([splitIdentifier(key).join(' '), description, values].filter(Boolean).join(' '));
      paramLines(prop, depth + 1, out);
      if (isObject(prop['items'])) paramLines(prop['items'], depth + 1, out);
    }
  }
}

/** Stage 1 of the ranking: a tool's readable text. */
export function toolText(tool: ToolSpec): ToolText {
  const nameWords = splitIdentifier(tool.name);
  const params: string[] = [];
  paramLines(tool.parameters, 0, params);
  const text = [nameWords.join(' ') + '.', tool.description, ...params].filter((s) => s.length > 0).join('\n');
  const all = terms(text);
  const document = [...Array<string[]>(NAME_REPEAT).fill(terms(nameWords.join(' '))).flat(), ...all];
  const stemCounts = new Map<string, number>();
  for (const w of document) stemCounts.set(stem(w), (stemCounts.get(stem(w)) ?? 0) + 1);
  // Short forms' long forms ("org" -> organization) join the words matched by meaning, not BM25's document.
  const head = terms(nameWords.join(' ') + '. ' + tool.description);
  const headWords = new Set([...head, ...longForms(head)]);
  const words = [...new Set([...all, ...longForms(all)])];
  return { name: tool.name, nameWords, description: tool.description, params, text, words, headWords, stems: new Set(words.map((w) => stem(w))), stemCounts, length: document.length };
}

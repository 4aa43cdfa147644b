import { diffArrays } from 'diff';

/** A run of the original text, kept by the compression or dropped by it. */
export interface Span {
  text: string;
  kept: boolean;
}

/**
 * The unit a comparison marks: `words` for prose, `lines` for logs, tables and line-based text,
 * `json` for JSON (pretty-printed, so each line holds one key and its whole value).
 */
export type DiffUnit = 'words' | 'lines' | 'json';

// The engine joins kept pieces with `[...]` and reports skipped lines as `[... 4 lines]`.
const PLACEHOLDER = /^\[\.\.\.(?: \d+ lines?)?\]$/;

/**
 * Marks which parts of `original` survive in `compressed`, in whole units (a word, a line, a
 * JSON value), with the `diff` library's array diff: text the engine added (placeholders,
 * `_omitted` counts) is not in the original and is skipped. The spans joined give back the
 * original (for `json`, pretty-printed); in `lines` and `json` each span is one line.
 * @example markKept('a\nb\nc', 'a\n[... 1 line]\nc', 'lines') // a kept, b dropped, c kept
 */
export function markKept(original: string, compressed: string, unit: DiffUnit): Span[] {
  if (unit === 'words') return merge(diffUnits(words(original), words(compressed), (t) => t.trim()));
  const [from, to] = unit === 'json' ? [prettyJson(original), prettyJson(compressed)] : [original, compressed];
  if (from === undefined || to === undefined) return markKept(original, compressed, 'lines');
  // A kept JSON value loses its trailing comma when the value after it was dropped.
  const spans = diffUnits(lines(from), lines(to), (line) => line.trimEnd().replace(/,$/, ''));
  return spans.map((s) => ({ text: s.text, kept: s.kept || s.text.trim() === '' }));
}

/** Each original unit with its mark; units are compared by `key`, and the original's own text is kept. */
function diffUnits(from: string[], to: string[], key: (unit: string) => string): Span[] {
  const target = to.filter((u) => !PLACEHOLDER.test(u.trim()));
  const spans: Span[] = [];
  let at = 0;
  for (const change of diffArrays(from, target, { comparator: (a, b) => key(a) === key(b) })) {
    if (change.added) continue;
    for (const _ of change.value) spans.push({ text: from[at++]!, kept: !change.removed });
  }
  return spans;
}

/** Words with the whitespace after them (leading whitespace is a unit of its own). */
const words = (text: string): string[] => text.match(/^\s+|\S+\s*/g) ?? [];
/** Lines, each but the last with its newline. */
const lines = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

function prettyJson(text: string): string | undefined {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return undefined;
  }
}

/** Joins neighbouring words with the same mark; whitespace alone counts as kept. */
function merge(parts: Span[]): Span[] {
  const out: Span[] = [];
  for (const p of parts) {
    const kept = p.kept || p.text.trim() === '';
    const last = out.at(-1);
    if (last && last.kept === kept) last.text += p.text;
    else out.push({ text: p.text, kept });
  }
  return out;
}

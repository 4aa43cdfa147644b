import { PLACEHOLDER } from '../assemble.js';
import { countTokens } from '../tokens.js';
import type { FormatCompressor } from './format-input.js';
import { isSevere, isTrace } from './issue-lines.js';

/** A required line is cut to fit only above this many tokens, and keeps at least that much of its head: error and trace lines of ordinary size stay verbatim at any target. */
const MIN_HEAD_TOKENS = 256;
/** Share of the target the required lines may fill once some have to be cut (markers need the rest). */
const REQUIRED_SHARE = 0.9;

/** What repeats compare: numbers, hex ids and UUIDs (timestamps included) blanked out. */
function repeatKey(line: string): string {
  return line
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/giu, '#')
    .replace(/\b0x[0-9a-f]+\b/giu, '#')
    .replace(/\b(?=[0-9a-f]*\d)[0-9a-f]{6,}\b/giu, '#')
    .replace(/\d+/gu, '#');
}

interface Unit {
  /** Input lines the unit stands for (a collapsed run of repeats counts them all). */
  lines: number;
  /** The line as shown: its text (or head), then the repeat count of a collapsed run. */
  text: string;
  /** Where the repeat suffix starts in `text` (its length without one). */
  bodyEnd: number;
  mustKeep: boolean;
  score: number;
  tokens: number;
}

const dropMarker = (lines: number): string => `[... ${lines} ${lines === 1 ? 'line' : 'lines'}]`;

/**
 * Log lines in, log lines out: consecutive repeats (equal but for numbers and ids) collapse to
 * their first line plus ` [repeated N times]`, N counting the whole run; error, warning and
 * stack-trace lines are always kept (cut to their heads only when they alone are over the target:
 * `cutRequiredLines`); the other lines are kept whole, best scored first (next to an
 * error counts a little), in original order, each run of dropped lines leaving `[... N lines]`.
 */
export const compressLog: FormatCompressor = (input) => {
  const { text } = input;
  if (countTokens(text) <= input.targetTokens) return text;
  const lines: Array<{ start: number; end: number; text: string }> = [];
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const contentEnd = end > start && text[end - 1] === '\r' ? end - 1 : end;
    lines.push({ start, end: contentEnd, text: text.slice(start, contentEnd) });
    start = end + 1;
  }
  // A final line break ends the last line rather than starting an empty one.
  if (lines.length > 1 && lines.at(-1)!.text === '') lines.pop();

  // Severity: error lines, trace lines, and indented lines that continue either.
  const must = new Uint8Array(lines.length);
  let inTrace = false;
  lines.forEach((l, i) => {
    const continues = inTrace && /^\s+\S/u.test(l.text);
    if (isSevere(l.text) || isTrace(l.text) || continues) must[i] = 1;
    inTrace = must[i] === 1 || (inTrace && l.text.trim() === '');
  });

  // Trace frames differ from their neighbours only in line numbers: they repeat only when identical.
  const keys = lines.map((l) => (isTrace(l.text) ? l.text : repeatKey(l.text)));
  const units: Unit[] = [];
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!;
    let j = i + 1;
    if (line.text.trim() !== '') while (j < lines.length && keys[j] === keys[i]) j++;
    const n = j - i;
    const shown = n > 1 ? `${line.text} [repeated ${n} times]` : line.text;
    let mustKeep = false;
    for (let k = i; k < j; k++) mustKeep ||= must[k] === 1;
    const near = (i > 0 && must[i - 1] === 1) || (j < lines.length && must[j] === 1);
    units.push({ lines: n, text: shown, bodyEnd: line.text.length, mustKeep, score: input.score(line) + (near ? 0.15 : 0), tokens: countTokens(`${shown}\n`) });
    i = j;
  }
  cutRequiredLines(units, input.targetTokens);

  const render = (kept: Uint8Array): string => {
    const out: string[] = [];
    let gap = 0;
    units.forEach((u, k) => {
      if (kept[k]) {
        if (gap > 0) out.push(dropMarker(gap));
        gap = 0;
        out.push(u.text);
      } else gap += u.lines;
    });
    if (gap > 0) out.push(dropMarker(gap));
    return out.join('\n');
  };

  const MARKER = countTokens(`${dropMarker(100)}\n`);
  const order = units
    .map((_, k) => k)
    .filter((k) => !units[k]!.mustKeep)
    .sort((a, b) => units[b]!.score - units[a]!.score || a - b);

  /** Required units plus the best others within `budget`, markers counted as they appear and vanish. */
  const select = (budget: number): Uint8Array => {
    const kept = new Uint8Array(units.length);
    let used = 0;
    units.forEach((u, k) => {
      if (!u.mustKeep) return;
      kept[k] = 1;
      used += u.tokens;
    });
    // Markers: one per run of dropped units.
    for (let k = 0; k < units.length; k++) if (!kept[k] && (k === 0 || kept[k - 1])) used += MARKER;
    for (const k of order) {
      const left = k > 0 && !kept[k - 1];
      const right = k < units.length - 1 && !kept[k + 1];
      // Keeping a unit splits its gap in two, shortens it, or closes it.
      const markerChange = left && right ? MARKER : !left && !right ? -MARKER : 0;
      const c = units[k]!.tokens + markerChange;
      if (used + c > budget) continue;
      kept[k] = 1;
      used += c;
    }
    return kept;
  };

  let budget = input.targetTokens;
  let best: string | undefined;
  for (let round = 0; round < 6; round++) {
    const out = render(select(budget));
    const t = countTokens(out);
    if (t <= input.targetTokens) {
      best = out;
      break;
    }
    // Lines counted apart and together differ by a token here and there; the required lines
    // alone may be over budget, in which case the smallest output is the answer.
    best = out;
    budget -= Math.max(1, t - input.targetTokens);
  }
  return best!;
};

/** The longest head of `line` within `tokens` o200k tokens, marked as cut. */
function headOf(line: string, tokens: number): string {
  const room = Math.max(1, tokens - countTokens(` ${PLACEHOLDER}`));
  let chars = Math.min(line.length, room * 4);
  for (;;) {
    let head = line.slice(0, chars);
    // Never half a surrogate pair.
    if (/[\uD800-\uDBFF]$/u.test(head)) head = head.slice(0, -1);
    const t = countTokens(head);
    if (t <= room || chars <= 1) return `${head.trimEnd()} ${PLACEHOLDER}`;
    chars = Math.max(1, Math.floor((chars * room * 0.95) / t));
  }
}

/**
 * Error, warning and trace lines are always kept, but one of them can be larger than the whole
 * target (a dumped payload, a message holding a document: one 200k-character error line came back
 * as 100k tokens at every ratio). When the required lines are over the target, the longest keep
 * their heads (timestamp, level, message start) to one common cap, the largest that fits them in
 * REQUIRED_SHARE of it, and at least MIN_HEAD_TOKENS each.
 */
function cutRequiredLines(units: Unit[], target: number): void {
  const required = units.filter((u) => u.mustKeep);
  const total = required.reduce((s, u) => s + u.tokens, 0);
  const room = REQUIRED_SHARE * target;
  if (total <= target) return;
  // Water-filling: the largest cap c with sum(min(tokens, c)) <= room.
  const sizes = required.map((u) => u.tokens).sort((a, b) => a - b);
  let cap = MIN_HEAD_TOKENS;
  let below = 0;
  for (let k = 0; k < sizes.length; k++) {
    const c = (room - below) / (sizes.length - k);
    if (c <= sizes[k]!) {
      cap = Math.max(MIN_HEAD_TOKENS, Math.floor(c));
      break;
    }
    below += sizes[k]!;
  }
  for (const u of required) {
    if (u.tokens <= cap) continue;
    const suffix = u.text.slice(u.bodyEnd);
    const head = headOf(u.text.slice(0, u.bodyEnd), cap - countTokens(`${suffix}\n`));
    u.text = head + suffix;
    u.bodyEnd = head.length;
    u.tokens = countTokens(`${u.text}\n`);
  }
}

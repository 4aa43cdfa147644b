import type { TextLine } from './text-lines.js';
import { isTrace } from './issue-lines.js';

// What may vary between lines that repeat: UUIDs, hex ids and numbers (timestamps included).
const VARYING = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b|\b0x[0-9a-f]+\b|\b(?=[0-9a-f]*\d)[0-9a-f]{6,}\b|\d+/giu;
/** Varying numbers shown as ranges up to this many; past it the run shows its first and last line. */
const MAX_RANGES = 3;

/** What repeats compare: the line with every UUID, hex id and number blanked out. */
export const repeatKey = (line: string): string => line.replace(VARYING, '#');

/** A run of consecutive lines equal up to numbers and ids, as one shown unit. */
export interface Repeat {
  /** Index of the run's first line. */
  first: number;
  /** Lines in the run. */
  lines: number;
  /** Lines as shown: one line for a run of identical lines or one with number ranges, else the first, a count, the last. */
  shown: string[];
}

/** `[... N similar lines]` between the first and last line of a run whose lines differ in more than numbers can show. */
const similarMarker = (n: number): string => `[... ${n} similar ${n === 1 ? 'line' : 'lines'}]`;

/**
 * One line standing for a run of lines that differ only in numbers: each varying number written
 * as its range (`{35..52}`), the run's length after it. Undefined when an id (not a plain number)
 * varies or more than MAX_RANGES numbers do: a range of hex ids says nothing.
 */
function withRanges(lines: readonly string[]): string | undefined {
  const slots = lines.map((l) => [...l.matchAll(VARYING)]);
  const first = slots[0]!;
  const varying: number[] = [];
  for (let s = 0; s < first.length; s++) if (slots.some((m) => m[s]?.[0] !== first[s]![0])) varying.push(s);
  if (varying.length > MAX_RANGES || varying.some((s) => slots.some((m) => !/^\d+$/u.test(m[s]![0])))) return undefined;
  let out = '';
  let at = 0;
  for (const s of varying) {
    const values = slots.map((m) => m[s]![0]);
    const nums = values.map(Number);
    const lo = values[nums.indexOf(Math.min(...nums))]!;
    const hi = values[nums.indexOf(Math.max(...nums))]!;
    out += `${lines[0]!.slice(at, first[s]!.index)}{${lo}..${hi}}`;
    at = first[s]!.index + first[s]![0].length;
  }
  return `${out}${lines[0]!.slice(at)} [${lines.length} lines like this]`;
}

/**
 * Consecutive lines grouped into runs of repeats. A run of identical lines shows once with
 * `[repeated N times]`; a run of 3+ lines that differ in up to MAX_RANGES numbers shows once
 * with each number's range; any other run of 3+ shows its first line, a count, its last line.
 * Trace frames repeat only when identical (neighbouring frames differ only in line numbers).
 */
export function groupRepeats(lines: readonly TextLine[]): Repeat[] {
  const keys = lines.map((l) => (isTrace(l.text) ? l.text : repeatKey(l.text)));
  const out: Repeat[] = [];
  for (let i = 0; i < lines.length; ) {
    let j = i + 1;
    if (lines[i]!.text.trim() !== '') while (j < lines.length && keys[j] === keys[i]) j++;
    const run = lines.slice(i, j).map((l) => l.text);
    const n = run.length;
    if (n > 1 && run.every((t) => t === run[0])) out.push({ first: i, lines: n, shown: [`${run[0]} [repeated ${n} times]`] });
    else if (n >= 3) {
      const ranged = withRanges(run);
      out.push({ first: i, lines: n, shown: ranged ? [ranged] : [run[0]!, similarMarker(n - 2), run[n - 1]!] });
    } else for (let k = i; k < j; k++) out.push({ first: k, lines: 1, shown: [lines[k]!.text] });
    i = j;
  }
  return out;
}

import { PLACEHOLDER } from '../assemble/assemble.js';
import { countTokens } from '../text/tokens.js';
import type { FormatCompressor } from './format-input.js';
import { isErrorLine, isSevere, isTrace } from './issue-lines.js';
import { groupRepeats } from './log-repeats.js';
import { splitLines } from './text-lines.js';

/** A required line is cut to fit only above this many tokens, and keeps at least that much of its head: error and trace lines of ordinary size stay verbatim at any target. */
const MIN_HEAD_TOKENS = 256;
/** Share of the target the required lines may fill once some have to be cut (markers need the rest). */
const REQUIRED_SHARE = 0.9;

interface Unit {
  /** Input lines the unit stands for (a collapsed run of repeats counts them all). */
  lines: number;
  /** The unit as shown: its line (or head), or a collapsed run's line(s) with their count. */
  text: string;
  /** Where the shown line's own text ends in `text` (a repeat suffix or a cut marker follows). */
  bodyEnd: number;
  mustKeep: boolean;
  /** Error, warning and trace lines among `lines`, for the gap markers. */
  issues: number;
  /** Whether an error line (not a warning or a frame) is among them. */
  error: boolean;
  score: number;
  tokens: number;
}

const dropMarker = (lines: number, issues: number): string =>
  `[... ${lines} ${lines === 1 ? 'line' : 'lines'}${issues > 0 ? `, ${issues} of them ${issues === 1 ? 'an error, warning or trace line' : 'error, warning or trace lines'}` : ''}]`;

// A collapsed run stands for many lines in a few tokens: it ranks above single lines of its score.
const RUN_BONUS = 0.5;

/**
 * Log lines in, log lines out: consecutive repeats collapse (`groupRepeats`); error, warning and
 * stack-trace lines are kept first (`fitRequired` when they alone are over the target); the other lines
 * are kept whole, collapsed runs and error neighbours first, then the best scored, in original order,
 * each run of dropped lines leaving `[... N lines]`.
 */
export const compressLog: FormatCompressor = (input) => {
  const { text } = input;
  if (countTokens(text) <= input.targetTokens) return text;
  const { lines, eol } = splitLines(text);

  // Severity: error lines, trace lines, and indented lines that continue either.
  const must = new Uint8Array(lines.length);
  let inTrace = false;
  lines.forEach((l, i) => {
    const continues = inTrace && /^\s+\S/u.test(l.text);
    if (isSevere(l.text) || isTrace(l.text) || continues) must[i] = 1;
    inTrace = must[i] === 1 || (inTrace && l.text.trim() === '');
  });

  const units: Unit[] = groupRepeats(lines).map((r) => {
    const j = r.first + r.lines;
    let issues = 0;
    let error = false;
    for (let k = r.first; k < j; k++) {
      issues += must[k]!;
      error ||= must[k] === 1 && isErrorLine(lines[k]!.text);
    }
    const near = (r.first > 0 && must[r.first - 1] === 1) || (j < lines.length && must[j] === 1);
    const shown = r.shown.join(eol);
    const bodyEnd = r.lines === 1 ? lines[r.first]!.text.length : r.shown.length === 1 ? shown.lastIndexOf(' [') : shown.length;
    const score = input.score(lines[r.first]!) + (near ? 0.15 : 0) + (r.lines >= 3 ? RUN_BONUS : 0);
    return { lines: r.lines, text: shown, bodyEnd, mustKeep: issues > 0, issues, error, score, tokens: countTokens(`${shown}${eol}`) };
  });
  fitRequired(units, input.targetTokens);

  const render = (kept: Uint8Array): string => {
    const out: string[] = [];
    let gap = 0;
    let gapIssues = 0;
    units.forEach((u, k) => {
      if (kept[k]) {
        if (gap > 0) out.push(dropMarker(gap, gapIssues));
        gap = gapIssues = 0;
        out.push(u.text);
      } else {
        gap += u.lines;
        gapIssues += u.issues;
      }
    });
    if (gap > 0) out.push(dropMarker(gap, gapIssues));
    return out.join(eol);
  };

  const MARKER = countTokens(`${dropMarker(100, 0)}${eol}`);
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
 * Required lines over the target (a dumped payload in one error line) keep their heads, to one common
 * cap that fits them in REQUIRED_SHARE of it, and at least MIN_HEAD_TOKENS each (docs/tuning.md, "Long runs without a boundary").
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

/**
 * Required lines over the target: giant ones cut to their heads, then errors before warnings and frames
 * (all errors when they fit REQUIRED_SHARE of the target, else both ends of them), the rest of the room to
 * the other required lines from both ends. Those left out compete with the other lines.
 */
function fitRequired(units: Unit[], target: number): void {
  cutRequiredLines(units, target);
  const required = units.map((u, k) => (u.mustKeep ? k : -1)).filter((k) => k >= 0);
  if (required.reduce((s, k) => s + units[k]!.tokens, 0) <= target) return;
  const room = REQUIRED_SHARE * target;
  const keep = new Set<number>();
  let used = 0;
  /** From both ends of `ks` inwards while they fit; the first and the last whatever they cost when `ends`. */
  const fromBothEnds = (ks: readonly number[], ends: boolean) => {
    let taken = 0;
    for (let lo = 0, hi = ks.length - 1; lo <= hi; taken++) {
      const k = taken % 2 === 0 ? ks[lo++]! : ks[hi--]!;
      if (!(ends && taken < 2) && used + units[k]!.tokens > room) break;
      keep.add(k);
      used += units[k]!.tokens;
    }
  };
  const errors = required.filter((k) => units[k]!.error);
  fromBothEnds(errors.length > 0 ? errors : required, true);
  fromBothEnds(required.filter((k) => !keep.has(k)), false);
  for (const k of required) if (!keep.has(k)) units[k]!.mustKeep = false;
}

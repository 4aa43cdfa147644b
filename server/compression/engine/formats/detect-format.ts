import type { ToolFormat } from './format-input.js';
import { isIssueLine } from './issue-lines.js';
import { looksLikeJson } from './looks-like-json.js';
import { isMarkdownSeparator } from './markdown-separator.js';

const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';

// Timestamps a log line opens with. Many servers put a pid, a role letter or a program name first
// (`[2949] 2026/11/23 …`, `2212:M 23 Nov 2026 …`, `update-alternatives 2025-06-24 …`), so the
// stamp may start anywhere in the first 24 characters.
const STAMP = new RegExp(
  '^.{0,24}?(?:' +
    [
      '\\d{4}-\\d{2}-\\d{2}(?:T| {1,2})\\d{1,2}:\\d{2}', // ISO 8601, SQL; MariaDB pads the hour with a space
      '\\d{4}/\\d{2}/\\d{2}[ T]\\d{2}:\\d{2}', // Go, nats
      `${MONTH} [ \\d]?\\d,? (?:\\d{4} )?\\d{2}:\\d{2}:\\d{2}`, // syslog
      `\\d{1,2} ${MONTH} \\d{4} \\d{2}:\\d{2}:\\d{2}`, // redis
      `\\d{2}/${MONTH}/\\d{4}:\\d{2}:\\d{2}:\\d{2}`, // Apache / nginx access logs
      '\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}', // Android logcat
      '\\[\\d{1,2}:\\d{2}:\\d{2}(?:[.,]\\d+)?\\]', // [10:11:12]
    ].join('|') +
    ')',
);
// Stamps that are only recognisable at the very start of the line (elsewhere they are just numbers).
const START_STAMP = /^\[?(?:\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?|\d{10}(?:\d{3})?(?:\.\d+)?|\s*\d+\.\d{3,9})\]?(?=\s)/u; // last: dmesg's [    1.234567]
// Upper-case level words are levels wherever the line starts with them; lower-case ones only with
// the punctuation loggers put after them, so prose opening with "Error handling …" is no log line.
const LEVEL_UPPER = /^\s*[[(<]?(?:INFO|INF|NOTICE|WARN|WARNING|WRN|ERROR|ERR|DEBUG|DBG|TRACE|TRC|FATAL|FTL|CRITICAL|CRIT|SEVERE|PANIC)\b/u;
const LEVEL_LOWER = /^\s*[[(<]?(?:info|notice|warn|warning|error|debug|trace|fatal|critical|severe|panic)\s*[\]:)>|-]/iu;
const ANDROID = /^[VDIWEF]\/[\w.$-]+/u;
const LOGFMT = /^(?:time|ts|timestamp|level|lvl)=\S/u;
const JSON_LINE = /^\{.*"(?:level|severity|lvl|time|timestamp|ts|@timestamp)"\s*:/u;
// npm's terminal output (`npm warn …`) and its debug log, whose records open with a counter (`12 silly …`).
const NPM = /^(?:npm|\d+) (?:silly|verbose|info|http|timing|notice|warn|error|ERR!|WARN)\b/u;
// Compiler diagnostics: `src/a.ts(3,5): error TS2322: …`, `main.c:3:5: warning: …`.
const DIAGNOSTIC = /^\S+(?:\(\d+,\d+\)|:\d+:\d+): (?:error|warning)\b/u;

/** Whether a line opens like a log record: a timestamp or a level first. */
function isLogLine(line: string): boolean {
  const head = line.slice(0, 64);
  return STAMP.test(head) || START_STAMP.test(head) || LEVEL_UPPER.test(head) || LEVEL_LOWER.test(head) || ANDROID.test(head) || LOGFMT.test(head) || NPM.test(head) || DIAGNOSTIC.test(head) || JSON_LINE.test(line);
}

function isLog(lines: readonly string[]): boolean {
  // Indented lines continue the record above (stack frames, wrapped messages): they neither count
  // for nor against the log, or one long stack trace would outvote the records around it.
  const records = lines.filter((l) => !/^\s/u.test(l));
  const stamped = records.filter(isLogLine).length;
  return stamped >= 3 && stamped >= 0.6 * records.length;
}

/** Delimiters outside double quotes (a quoted CSV field may hold the delimiter itself). */
function delimiterCount(line: string, delim: string): number {
  let n = 0;
  let quoted = false;
  for (const ch of line.trimStart()) {
    if (ch === '"') quoted = !quoted;
    else if (ch === delim && !quoted) n++;
  }
  return n;
}

function medianLength(lines: readonly string[]): number {
  const sorted = lines.map((l) => l.length).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** The most frequent value, ties to the larger. */
function mode(values: readonly number[]): number {
  const freq = new Map<number, number>();
  for (const v of values) freq.set(v, (freq.get(v) ?? 0) + 1);
  let best = 0;
  let bestN = -1;
  for (const [v, n] of freq) if (n > bestN || (n === bestN && v > best)) [best, bestN] = [v, n];
  return best;
}

/**
 * CSV, TSV, `;`- or `|`-separated: one delimiter count on >= 80% of the lines. Returns that count
 * (0 when the lines are not delimited).
 */
function delimitedColumns(lines: readonly string[]): number {
  if (lines.length < 3) return 0;
  // JSON lines (NDJSON logs) separate their fields with commas too.
  if (lines.filter((l) => /^\s*[{[]/u.test(l)).length >= 0.5 * lines.length) return 0;
  for (const delim of [',', '\t', ';', '|']) {
    const counts = lines.map((l) => delimiterCount(l, delim));
    const c = mode(counts);
    // A `;` ends statements and `|` pipes commands: one of them per line is code, not columns.
    if (c < (delim === ',' || delim === '\t' ? 1 : 2)) continue;
    if (counts.filter((n) => n === c).length < 0.8 * lines.length) continue;
    if (delim === '\t') return c;
    // Prose can hold the same number of commas on every line by chance; its fields are clauses.
    const fields = lines.flatMap((l) => l.split(delim));
    const wordy = fields.filter((f) => f.trim().split(/\s+/u).length >= 6).length;
    const sentences = lines.filter((l) => /[.!?]["')]?\s*$/u.test(l)).length;
    if (wordy < 0.25 * fields.length && sentences < 0.5 * lines.length) return c;
  }
  return 0;
}

function isMarkdownTable(lines: readonly string[]): boolean {
  const sep = lines.findIndex(isMarkdownSeparator);
  if (sep < 1 || !lines[sep - 1]!.includes('|')) return false;
  // A table inside a longer markdown document is that document's business (text), not a table's.
  return lines.filter((l) => l.includes('|')).length >= 0.6 * lines.length;
}

/**
 * Columns padded with spaces (`ps`, `ls -l`, `docker ps`, `kubectl get`): character positions that
 * are blank on >= 90% of the lines split every line into at least three columns.
 */
function isAligned(lines: readonly string[]): boolean {
  const sample = lines.slice(0, 200).map((l) => l.trimEnd());
  if (sample.length < 3) return false;
  // Padding shows as runs of 2+ spaces between words; prose rarely has them.
  if (sample.filter((l) => /\S {2,}\S/u.test(l)).length < 0.5 * sample.length) return false;
  if (sample.some((l) => l.includes('\t'))) return false;
  const lengths = sample.map((l) => l.length).sort((a, b) => a - b);
  const median = lengths[lengths.length >> 1]!;
  // Short lines (`total 48` above `ls -l`, a trailing summary) take no part in the column grid.
  const rows = sample.filter((l) => l.length >= median / 2);
  if (rows.length < 3 || rows.length < 0.8 * sample.length) return false;
  const sorted = rows.map((l) => l.length).sort((a, b) => a - b);
  // The last column is ragged; the grid is measured where >= 80% of the rows still have text.
  const width = sorted[Math.floor(sorted.length * 0.2)]!;
  const blank = new Uint16Array(width);
  for (const l of rows) for (let p = 0; p < width; p++) if (l[p] === ' ') blank[p]!++;
  let columns = 0;
  let inColumn = false;
  for (let p = 0; p < width; p++) {
    const gutter = blank[p]! >= 0.9 * rows.length;
    if (!gutter && !inColumn) columns++;
    inColumn = !gutter;
  }
  return columns >= 3;
}

/**
 * Which structure-aware compressor suits a tool output: `json` (an object or array that parses),
 * `log` (>= 60% of the records open with a timestamp or level), `table` (CSV/TSV, a markdown pipe
 * table, or space-aligned columns) or `text`.
 */
export function detectFormat(text: string): ToolFormat {
  if (looksLikeJson(text)) return 'json';
  // The shape shows in the first lines; a megabyte of them would only slow the verdict down.
  const lines = text.slice(0, 200_000).split(/\r?\n/u).filter((l) => l.trim() !== '').slice(0, 1000);
  // A CSV with two or more delimiters per line beats a log reading (its first column may be a
  // time); one comma per line is what a Python log's `10:11:12,123` millisecond stamp looks like.
  const delimiters = delimitedColumns(lines);
  if (delimiters >= 2) return 'table';
  if (isLog(lines)) return 'log';
  if (delimiters > 0 || isMarkdownTable(lines) || isAligned(lines)) return 'table';
  // Line-oriented output that reports a problem (installer and build output, dmesg-like records
  // without a known stamp) is read as a log, so its error and warning lines are never dropped;
  // prose (long lines) and markdown documents (headings, fences) stay text.
  const markdown = lines.some((l) => /^\s{0,3}(?:#{1,6}\s|```|~~~)/u.test(l));
  if (lines.length >= 3 && !markdown && lines.some(isIssueLine) && medianLength(lines) <= 160) return 'log';
  return 'text';
}

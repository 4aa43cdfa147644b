import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compressLog } from '../../../../server/compression/engine/formats/log-compressor.js';
import { isErrorLine, isIssueLine } from '../../../../server/compression/engine/formats/issue-lines.js';
import { repeatKey } from '../../../../server/compression/engine/formats/log-repeats.js';
import { countTokens } from '../../../../server/compression/engine/text/tokens.js';
import { scoredText } from './format-input-helper.js';
import { serviceLog } from './fixtures.js';

const KEEP = [0.01, 0.05, 0.1, 0.25, 0.5, 0.9];
const REPEAT = / \[repeated (\d+) times\]$/u;
const RANGED = / \[(\d+) lines like this\]$/u;
const SIMILAR = /^\[\.\.\. (\d+) similar lines?\]$/u;
const DROPPED = /^\[\.\.\. (\d+) lines?(?:, (\d+) of them [^\]]*)?\]$/u;

const inputLines = (text: string) => {
  const lines = text.split(/\r?\n/u);
  if (lines.at(-1) === '') lines.pop();
  return lines;
};

/** `{35..52}` ranges as a pattern over the numbers they stand for (each value within the range). */
function rangedMatches(body: string, line: string): boolean {
  const ranges: Array<[number, number]> = [];
  const pattern = body.split(/\{(\d+)\.\.(\d+)\}/u).map((piece, k) => {
    if (k % 3 === 0) return piece.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
    if (k % 3 === 1) ranges.push([Number(piece), 0]);
    else ranges.at(-1)![1] = Number(piece);
    return k % 3 === 1 ? '(\\d+)' : '';
  });
  const m = new RegExp(`^${pattern.join('')}$`, 'u').exec(line);
  return !!m && ranges.every(([lo, hi], r) => Number(m[r + 1]) >= lo && Number(m[r + 1]) <= hi);
}

/**
 * Walks the output against the input: every line is an input line verbatim at the right place
 * (a repeat suffix covering a run of identical lines; a `{lo..hi}` line matching every line of
 * its run; a similar-lines count between a run's first and last line), every marker counts
 * exactly the lines it replaces (and the error lines among them), no two markers touch, and
 * together they account for every input line. Returns the input lines shown, a collapsed run
 * counting as shown.
 */
function expectFaithful(input: string, output: string): Set<string> {
  const lines = inputLines(input);
  const kept = new Set<string>();
  let i = 0;
  let prevMarker = false;
  for (const line of output.split(/\r?\n/u)) {
    const marker = DROPPED.exec(line);
    if (marker) {
      expect(prevMarker, 'two markers in a row').toBe(false);
      const n = Number(marker[1]);
      // Indented lines under a trace count with it, so the marker may count more than isIssueLine finds.
      expect(Number(marker[2] ?? 0), line).toBeGreaterThanOrEqual(lines.slice(i, i + n).filter(isIssueLine).length);
      expect(Number(marker[2] ?? 0), line).toBeLessThanOrEqual(n);
      i += n;
      prevMarker = true;
      continue;
    }
    prevMarker = false;
    const similar = SIMILAR.exec(line);
    if (similar) {
      const n = Number(similar[1]);
      for (let k = i; k < i + n; k++) expect(repeatKey(lines[k]!)).toBe(repeatKey(lines[i - 1]!));
      i += n;
      continue;
    }
    const rep = REPEAT.exec(line);
    const ranged = RANGED.exec(line);
    if (ranged) {
      const body = line.slice(0, ranged.index);
      const n = Number(ranged[1]);
      for (let k = i; k < i + n; k++) expect(rangedMatches(body, lines[k]!), `${body} ~ ${lines[k]}`).toBe(true);
      for (let k = i; k < i + n; k++) kept.add(lines[k]!);
      i += n;
      continue;
    }
    const body = rep ? line.slice(0, rep.index) : line;
    expect(body, `output line for input line ${i}`).toBe(lines[i]);
    const n = rep ? Number(rep[1]) : 1;
    for (let k = i; k < i + n; k++) {
      expect(lines[k], 'a repeat marker stands for identical lines only').toBe(body);
      kept.add(lines[k]!);
    }
    i += n;
  }
  expect(i).toBe(lines.length);
  return kept;
}

describe('compressLog', () => {
  const { text, severe, healthRun } = serviceLog();
  const scored = scoredText(text);
  const total = countTokens(text);

  it.each(KEEP)('keeps every error, warning and stack line, verbatim and in place, at keep %s', (keep) => {
    const target = Math.round(total * keep);
    const out = compressLog(scored.input(target));
    const kept = expectFaithful(text, out);
    // While the required lines fit, all of them; past that, the first and the last error line.
    const errors = severe.filter(isErrorLine);
    if (countTokens(severe.join('\n')) < 0.9 * target) for (const line of severe) expect(kept.has(line), line).toBe(true);
    else for (const line of [errors[0]!, errors.at(-1)!]) expect(kept.has(line), line).toBe(true);
    const floor = countTokens(severe.join('\n')) * 1.6;
    if (target > floor) expect(countTokens(out)).toBeLessThanOrEqual(target);
  });

  it('fills the budget with the best-scored other lines', () => {
    const target = Math.round(total * 0.5);
    const out = compressLog(scored.input(target));
    expect(countTokens(out)).toBeGreaterThan(target * 0.9);
  });

  it('collapses a run of repeats whose numbers differ to one line with each range and the count, never as "repeated"', () => {
    const out = compressLog(scored.input(Math.round(total * 0.9)));
    const health = out.split('\n').filter((l) => l.includes('[health]'));
    expect(health).toHaveLength(1);
    expect(health[0]).toMatch(new RegExp(`^2026-11-23T10:00:\\{\\d+\\.\\.\\d+\\}\\.\\{\\d+\\.\\.\\d+\\}Z INFO  \\[health\\] GET /healthz 200 in \\{1\\.\\.4\\} ms \\[${healthRun} lines like this\\]$`, 'u'));
    expect(out).not.toContain('[health] GET /healthz 200 in 1 ms [repeated');
  });

  it('shows a run differing in more numbers than it can show as ranges by its first and last line and a count', () => {
    const log = [
      ...Array.from({ length: 8 }, (_, i) => `req ${1000 + i * 7} user ${50 + i} took ${i + 3} ms, ${i * 11} rows, cache ${i % 2}`),
      ...Array.from({ length: 30 }, (_, i) => `INFO unrelated line number ${i} about ${'y'.repeat(i)}`),
    ].join('\n');
    const out = compressLog(scoredText(log).input(120));
    expect(out).toContain('req 1000 user 50 took 3 ms, 0 rows, cache 0\n[... 6 similar lines]\nreq 1049 user 57 took 10 ms, 77 rows, cache 1');
    expectFaithful(log, out);
  });

  it('collapses lines that differ in a few numbers to one line with each range, and identical ones with their count', () => {
    const log = [
      ...Array.from({ length: 6 }, (_, i) => `worker 3 GET /api/items 200 in ${[52, 35, 40, 41, 38, 60][i]} ms`),
      'ERROR worker 3 crashed',
      ...Array.from({ length: 5 }, () => 'retrying connection to db'),
      ...Array.from({ length: 30 }, (_, i) => `INFO unrelated line number ${i} about ${'x'.repeat(i)}`),
    ].join('\n');
    const out = compressLog(scoredText(log).input(60));
    expect(out).toContain('worker 3 GET /api/items 200 in {35..60} ms [6 lines like this]');
    expect(out).toContain('retrying connection to db [repeated 5 times]');
    expectFaithful(log, out);
  });

  it('does not collapse stack frames that differ only in line numbers', () => {
    const log = [
      '2026-11-23T10:00:00.000Z ERROR [parser] stack overflow',
      '    at walk (/srv/app/parse.js:10:5)',
      '    at walk (/srv/app/parse.js:12:9)',
      '    at walk (/srv/app/parse.js:12:9)',
      ...Array.from({ length: 30 }, (_, i) => `2026-11-23T10:00:${String(i).padStart(2, '0')}.000Z INFO  [http] GET /api/items/${i} 200 in ${i} ms`),
    ].join('\n');
    const out = compressLog(scoredText(log).input(80));
    expect(out).toContain('    at walk (/srv/app/parse.js:10:5)\n    at walk (/srv/app/parse.js:12:9) [repeated 2 times]');
    expectFaithful(log, out);
  });

  it('prefers the lines the query names', () => {
    const out = compressLog(scoredText(text, 'Was the invoice for Marta Ilves sent?').input(Math.round(total * 0.1)));
    expect(out).toContain('[billing] invoice 4711 sent to customer Marta Ilves');
  });

  it('returns the log unchanged when it fits', () => {
    expect(compressLog(scored.input(total))).toBe(text);
  });

  it('keeps the first and last error lines (before warnings), with a count of the rest, when the required lines alone exceed the budget', () => {
    const out = compressLog(scored.input(5));
    const kept = expectFaithful(text, out);
    const errors = severe.filter(isErrorLine);
    expect(errors[0]).not.toBe(severe[0]);
    expect(kept.has(errors[0]!)).toBe(true);
    expect(kept.has(errors.at(-1)!)).toBe(true);
    expect(out).toMatch(/of them error, warning or trace lines\]/u);
  });

  it('keeps the head of an error line larger than the target, and every other line as it was', () => {
    const payload = 'Q'.repeat(50_000);
    const error = `2026-11-23T10:00:31.000Z ERROR [http] request failed: payload=${payload}`;
    const log = inputLines(text).slice(0, 60).concat(error, inputLines(text).slice(60, 90)).join('\n');
    for (const keep of [0.05, 0.25]) {
      const target = Math.round(countTokens(log) * keep);
      const out = compressLog(scoredText(log).input(target));
      expect(countTokens(out), `keep ${keep}`).toBeLessThanOrEqual(target);
      const cut = out.split('\n').find((l) => l.includes('request failed'))!;
      expect(cut.endsWith(' [...]')).toBe(true);
      expect(error.startsWith(cut.slice(0, -' [...]'.length))).toBe(true);
      expect(countTokens(cut)).toBeGreaterThan(256);
      // Without the cut line, the output is faithful to the log without it.
      expectFaithful(log.replace(error, 'CUT'), out.replace(cut, 'CUT'));
    }
  });

  it('handles CRLF line ends and blank lines', () => {
    const crlf = inputLines(text).slice(0, 80).join('\r\n\r\n');
    const out = compressLog(scoredText(crlf).input(Math.round(countTokens(crlf) * 0.2)));
    expect(out).toContain('\r\n');
    expect(out).not.toMatch(/[^\r]\n/u);
    expectFaithful(crlf, out);
  });

  // Real logs of this machine's services, where present.
  const REAL = ['/var/log/dpkg.log', '/var/log/alternatives.log', '/var/log/mysql/error.log', '/var/log/postgresql/postgresql-15-main.log', '/var/log/apt/term.log'];
  it.each(REAL)('real log %s: faithful at every budget, warnings kept', (path) => {
    if (!existsSync(path)) return;
    let real: string;
    try {
      real = readFileSync(path, 'utf8');
    } catch {
      return;
    }
    const input = scoredText(real);
    const warnings = inputLines(real).filter((l) => /\[Warning\]|ERROR|WARNING|FATAL/u.test(l));
    for (const keep of KEEP) {
      const target = Math.max(1, Math.round(countTokens(real) * keep));
      const out = compressLog(input.input(target));
      const kept = expectFaithful(real, out);
      // All of them while the required lines fit; past that, the first and the last error line.
      const required = inputLines(real).filter(isIssueLine);
      const errors = required.filter(isErrorLine);
      if (countTokens(required.join('\n')) < 0.85 * target) for (const w of warnings) expect(kept.has(w), w).toBe(true);
      else if (errors.length > 0) for (const e of [errors[0]!, errors.at(-1)!]) expect(kept.has(e), e).toBe(true);
    }
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compressLog } from '../../../server/compression/formats/log-compressor.js';
import { countTokens } from '../../../server/compression/tokens.js';
import { scoredText } from './format-input-helper.js';
import { serviceLog } from './fixtures.js';

const KEEP = [0.01, 0.05, 0.1, 0.25, 0.5, 0.9];
const REPEAT = / \[repeated (\d+) times\]$/u;
const DROPPED = /^\[\.\.\. (\d+) lines?\]$/u;

const inputLines = (text: string) => {
  const lines = text.split(/\r?\n/u);
  if (lines.at(-1) === '') lines.pop();
  return lines;
};

/**
 * Walks the output against the input: every line is an input line verbatim at the right place
 * (a repeat suffix covering the run it stands for), every marker counts exactly the lines it
 * replaces, no two markers touch, and together they account for every input line. Returns the
 * input lines shown, a collapsed run counting as shown.
 */
function expectFaithful(input: string, output: string): Set<string> {
  const lines = inputLines(input);
  const kept = new Set<string>();
  let i = 0;
  let prevMarker = false;
  for (const line of output.split('\n')) {
    const marker = DROPPED.exec(line);
    if (marker) {
      expect(prevMarker, 'two markers in a row').toBe(false);
      i += Number(marker[1]);
      prevMarker = true;
      continue;
    }
    prevMarker = false;
    const rep = REPEAT.exec(line);
    const body = rep ? line.slice(0, rep.index) : line;
    expect(body, `output line for input line ${i}`).toBe(lines[i]);
    const n = rep ? Number(rep[1]) : 1;
    for (let k = i; k < i + n; k++) kept.add(lines[k]!);
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
    for (const line of severe) expect(kept.has(line), line).toBe(true);
    const floor = countTokens(severe.join('\n')) * 1.6;
    if (target > floor) expect(countTokens(out)).toBeLessThanOrEqual(target);
  });

  it('fills the budget with the best-scored other lines', () => {
    const target = Math.round(total * 0.5);
    const out = compressLog(scored.input(target));
    expect(countTokens(out)).toBeGreaterThan(target * 0.9);
  });

  it('collapses a run of repeats (equal but for numbers) to its first line with the count', () => {
    const out = compressLog(scored.input(Math.round(total * 0.9)));
    const first = inputLines(text).find((l) => l.includes('[health]'))!;
    expect(out).toContain(`${first} [repeated ${healthRun} times]`);
    expect(out.match(/\[health\]/gu)).toHaveLength(1);
  });

  it('does not collapse stack frames that differ only in line numbers', () => {
    const log = [
      '2026-11-23T10:00:00.000Z ERROR [parser] stack overflow',
      '    at walk (/srv/app/parse.js:10:5)',
      '    at walk (/srv/app/parse.js:12:9)',
      '    at walk (/srv/app/parse.js:12:9)',
      ...Array.from({ length: 30 }, (_, i) => `2026-11-23T10:00:${String(i).padStart(2, '0')}.000Z INFO  [http] GET /api/items/${i} 200 in ${i} ms`),
    ].join('\n');
    const out = compressLog(scoredText(log).input(40));
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

  it('keeps the required lines even when they alone exceed the budget', () => {
    const out = compressLog(scored.input(5));
    const kept = expectFaithful(text, out);
    for (const line of severe) expect(kept.has(line), line).toBe(true);
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
    expect(out).not.toContain('\r');
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
      const out = compressLog(input.input(Math.max(1, Math.round(countTokens(real) * keep))));
      const kept = expectFaithful(real, out);
      for (const w of warnings) expect(kept.has(w), w).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { compressTable } from '../../../../server/compression/engine/formats/table-compressor.js';
import { countTokens } from '../../../../server/compression/engine/text/tokens.js';
import { scoredText } from './format-input-helper.js';
import { fixture, lockedPackages } from './fixtures.js';

const MORE = /^\[\.\.\. (\d+) more rows?\]$/u;
const KEEP = [0.02, 0.05, 0.1, 0.25, 0.5, 0.9];

const packages = lockedPackages();
const csvField = (v: string | boolean) => (typeof v === 'string' && /[",\n]/u.test(v) ? `"${v.replace(/"/gu, '""')}"` : String(v));

/** Real tables: captured `ps` and `ls -l` output, and the repository's locked packages as CSV, TSV, markdown and `kubectl`-style columns. */
const TABLES: Record<string, { text: string; headLines: number }> = {
  ps: { text: fixture('ps.txt'), headLines: 1 },
  'ls -l': { text: fixture('ls-l.txt'), headLines: 1 },
  csv: {
    text: `name,version,license,dev,resolved\n${packages.map((p) => [p.name, p.version, p.license, p.dev, p.resolved].map(csvField).join(',')).join('\n')}\n`,
    headLines: 1,
  },
  tsv: { text: ['name\tversion\tlicense', ...packages.map((p) => `${p.name}\t${p.version}\t${p.license}`)].join('\n'), headLines: 1 },
  markdown: {
    text: ['| Package | Version | License |', '|---|:---:|---|', ...packages.slice(0, 150).map((p) => `| ${p.name} | ${p.version} | ${p.license} |`)].join('\n'),
    headLines: 2,
  },
  aligned: {
    text: ['NAME'.padEnd(48) + 'VERSION'.padEnd(12) + 'LICENSE', ...packages.map((p) => p.name.padEnd(48) + p.version.padEnd(12) + p.license)].join('\n'),
    headLines: 1,
  },
};

/**
 * Checks the output against the input: head verbatim, then body rows verbatim and in order (a
 * multi-line CSV record counting as one row), then one marker counting exactly the rows left out.
 */
function expectFaithful(text: string, headLines: number, out: string, records?: string[]): number {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const body = records ?? lines.slice(headLines).filter((l) => l.trim() !== '');
  const outLines = out.split('\n');
  expect(outLines.slice(0, headLines)).toEqual(lines.slice(0, headLines));
  let rest = outLines.slice(headLines);
  const marker = MORE.exec(rest.at(-1) ?? '');
  if (marker) rest = rest.slice(0, -1);
  const kept = rest.join('\n');
  let pos = 0;
  let count = 0;
  for (const row of body) {
    if (kept.startsWith(row, pos) && (pos + row.length === kept.length || kept[pos + row.length] === '\n')) {
      pos += row.length + 1;
      count++;
    }
  }
  expect(pos, 'every output row is a verbatim input row, in order').toBeGreaterThanOrEqual(kept.length);
  expect(count + (marker ? Number(marker[1]) : 0)).toBe(body.length);
  return count;
}

describe('compressTable', () => {
  it.each(Object.keys(TABLES))('%s: header verbatim, rows whole and in order, exact marker, within budget', (name) => {
    const { text, headLines } = TABLES[name]!;
    const scored = scoredText(text);
    const total = countTokens(text);
    const lines = text.split('\n');
    // Room for the head, the marker and the largest row: from there on at least one row fits.
    const roomy = countTokens(lines.slice(0, headLines).join('\n')) + 12 + Math.max(...lines.map((l) => countTokens(l) + 1));
    for (const keep of KEEP) {
      const target = Math.round(total * keep);
      const out = compressTable(scored.input(target));
      const kept = expectFaithful(text, headLines, out);
      if (target > roomy) {
        expect(countTokens(out)).toBeLessThanOrEqual(target);
        expect(kept).toBeGreaterThan(0);
      }
      if (keep >= 0.25) expect(countTokens(out)).toBeGreaterThan(target * 0.9);
    }
  });

  it('keeps the header and the marker when even one row does not fit', () => {
    const { text } = TABLES.csv!;
    const out = compressTable(scoredText(text).input(3));
    expect(out.split('\n')).toEqual(['name,version,license,dev,resolved', `[... ${packages.length} more rows]`]);
  });

  it('prefers rows naming the query', () => {
    const { text } = TABLES.aligned!;
    const out = compressTable(scoredText(text, 'Which version of kysely is installed?').input(Math.round(countTokens(text) * 0.05)));
    expect(out).toMatch(/^kysely\s+\d/mu);
  });

  it('keeps a quoted CSV field with line breaks inside its row', () => {
    const rows = packages.slice(0, 60).map((p, i) => [p.name, p.version, i % 7 === 0 ? `first line of note ${i}\nsecond line, with a comma` : `note ${i}`].map(csvField).join(','));
    const text = ['name,version,note', ...rows].join('\n');
    for (const keep of [0.1, 0.3, 0.6]) {
      const out = compressTable(scoredText(text).input(Math.round(countTokens(text) * keep)));
      expectFaithful(text, 1, out, rows);
    }
  });

  it('puts the marker after a markdown table as a plain line', () => {
    const { text } = TABLES.markdown!;
    const out = compressTable(scoredText(text).input(Math.round(countTokens(text) * 0.2)));
    const last = out.split('\n').at(-1)!;
    expect(last).toMatch(MORE);
    expect(last.startsWith('|')).toBe(false);
  });

  it('keeps a title above and a note below a markdown table verbatim', () => {
    const table = TABLES.markdown!.text;
    const text = `## Locked packages\n\n${table}\n\nSource: package-lock.json`;
    const out = compressTable(scoredText(text).input(Math.round(countTokens(text) * 0.2)));
    const outLines = out.split('\n');
    expect(outLines.slice(0, 4)).toEqual(['## Locked packages', '', ...table.split('\n').slice(0, 2)]);
    expect(outLines.slice(-3, -2)[0]).toMatch(MORE);
    expect(outLines.slice(-2)).toEqual(['', 'Source: package-lock.json']);
    expectFaithful(table, 2, outLines.slice(2, -2).join('\n'));
  });

  it('returns the table unchanged when it fits', () => {
    const { text } = TABLES.ps!;
    expect(compressTable(scoredText(text).input(countTokens(text)))).toBe(text);
  });
});

import { countTokens } from '../text/tokens.js';
import type { FormatCompressor } from './format-input.js';
import { isMarkdownSeparator } from './markdown-separator.js';
import { rowMatches } from './row-matches.js';
import { splitLines } from './text-lines.js';

interface Row {
  start: number;
  end: number;
}

// A header rule under column names (`+++-====-===`, `----  ------`), within the first lines: the header ends there.
const RULE = /^[\s+|=:-]*[=-]{3,}[\s+|=:-]*$/u;
const HEADER_LINES = 8;

const rowsMarker = (rows: number): string => `[... ${rows} more ${rows === 1 ? 'row' : 'rows'}]`;

/**
 * A table in, the same table with fewer rows out: the header (through a markdown separator or a `+++-===`
 * rule) verbatim, whole body rows (those naming the query's words first, then the best scored) in
 * original order, and one `[... N more rows]` line after the last row.
 */
export const compressTable: FormatCompressor = (input) => {
  const { text } = input;
  if (countTokens(text) <= input.targetTokens) return text;
  const { lines, eol } = splitLines(text);
  const lineText = (r: Row) => text.slice(r.start, r.end);
  // A markdown table may sit under a title and above a note: those stay verbatim around it.
  const sep = lines.findIndex((l, i) => i > 0 && isMarkdownSeparator(lineText(l)) && lineText(lines[i - 1]!).includes('|'));
  const markdown = sep > 0;
  const rule = lines.slice(0, HEADER_LINES).findIndex((l) => RULE.test(lineText(l)));
  let headEnd = markdown ? sep + 1 : rule > 0 ? rule + 1 : lines.findIndex((l) => lineText(l).trim() !== '') + 1;
  if (headEnd === 0) headEnd = lines.length;
  let bodyEnd = lines.length;
  if (markdown) for (bodyEnd = headEnd; bodyEnd < lines.length && lineText(lines[bodyEnd]!).includes('|'); ) bodyEnd++;
  const head = lines.slice(0, headEnd).map(lineText);
  const tail = lines.slice(bodyEnd).map(lineText);
  const headerText = head.at(markdown || rule > 0 ? -2 : -1) ?? '';

  // A quoted CSV field may hold line breaks: a record runs on while its quotes are unbalanced.
  const delimited = !markdown && /[,\t;]/u.test(headerText) && !/\S {2,}\S/u.test(headerText);
  const rows: Row[] = [];
  for (let i = headEnd; i < bodyEnd; i++) {
    const row = { ...lines[i]! };
    if (delimited) {
      let quotes = (lineText(row).match(/"/gu) ?? []).length;
      while (quotes % 2 === 1 && i + 1 < bodyEnd) {
        row.end = lines[++i]!.end;
        quotes += (lineText(lines[i]!).match(/"/gu) ?? []).length;
      }
    }
    // Blank lines are no rows: nothing to keep or count.
    if (lineText(row).trim() !== '') rows.push(row);
  }

  const headTokens = countTokens([...head, ...tail].join(eol));
  const rowTokens = rows.map((r) => countTokens(`${eol}${lineText(r)}`));
  const markerTokens = countTokens(`${eol}${rowsMarker(rows.length)}`);
  const scores = rows.map((r) => input.score(r));
  const matches = rowMatches(rows.map(lineText), input.query);
  const order = rows.map((_, k) => k).sort((a, b) => matches[b]! - matches[a]! || scores[b]! - scores[a]! || a - b);

  const render = (kept: Uint8Array): string => {
    const out = [...head];
    let dropped = 0;
    rows.forEach((r, k) => {
      if (kept[k]) out.push(lineText(r));
      else dropped++;
    });
    if (dropped > 0) out.push(rowsMarker(dropped));
    return [...out, ...tail].join(eol);
  };
  const select = (budget: number): Uint8Array => {
    const kept = new Uint8Array(rows.length);
    let used = headTokens + markerTokens;
    for (const k of order) {
      if (used + rowTokens[k]! > budget) continue;
      kept[k] = 1;
      used += rowTokens[k]!;
    }
    return kept;
  };

  let budget = input.targetTokens;
  let out = '';
  for (let round = 0; round < 6; round++) {
    out = render(select(budget));
    const t = countTokens(out);
    if (t <= input.targetTokens) break;
    // Rows counted apart and together differ by a token here and there.
    budget -= Math.max(1, t - input.targetTokens);
  }
  return out;
};

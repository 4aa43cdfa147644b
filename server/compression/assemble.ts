import type { Span } from './segment.js';

export const PLACEHOLDER = '[...]';

// Dropped text that holds a sentence end or a line break is a dropped span worth marking; words
// dropped inside one sentence are closed up with a space (word-level units would otherwise put a
// marker between almost every word).
const SPAN_BREAK = /[.!?]["'”’)\]]*\s|\n/u;

/**
 * Joins kept spans in original order. Spans separated only by whitespace are adjacent and keep
 * that whitespace; between non-adjacent spans goes `[...]` (or, without placeholders, a plain
 * separator of the same kind as the dropped text: paragraph break, line break or space).
 * With `blockPlaceholders` (markdown), a marker for dropped blocks stands in a paragraph of its
 * own, so it never swallows the next block (a link definition or list after it still parses as one).
 */
export function assemble(text: string, spans: readonly Span[], placeholders: boolean, blockPlaceholders = false): string {
  let out = '';
  let prevEnd = -1;
  for (const span of spans) {
    if (prevEnd === -1) {
      out += text.slice(span.start, span.end);
    } else {
      const gap = text.slice(prevEnd, span.start);
      if (/^\s*$/u.test(gap)) out += gap + text.slice(span.start, span.end);
      else {
        const lineBreak = gap.includes('\n');
        const paragraph = /\n[ \t]*\n/u.test(gap);
        // A kept prefix (a list bullet) already ends in a space: do not double it.
        const space = /\s$/u.test(out) ? '' : ' ';
        if (placeholders && SPAN_BREAK.test(gap)) {
          out += paragraph && blockPlaceholders ? `\n\n${PLACEHOLDER}\n\n` : lineBreak ? `\n${PLACEHOLDER}\n` : `${space}${PLACEHOLDER} `;
        }
        else out += paragraph ? '\n\n' : lineBreak ? '\n' : space;
        out += text.slice(span.start, span.end);
      }
    }
    prevEnd = span.end;
  }
  return out;
}

/** Sorts spans and merges overlapping ones. */
export function normalizeSpans(spans: readonly Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out.at(-1);
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

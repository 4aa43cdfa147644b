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
 */
export function assemble(text: string, spans: readonly Span[], placeholders: boolean): string {
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
        if (placeholders && SPAN_BREAK.test(gap)) out += lineBreak ? `\n${PLACEHOLDER}\n` : ` ${PLACEHOLDER} `;
        else out += paragraph ? '\n\n' : lineBreak ? '\n' : ' ';
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

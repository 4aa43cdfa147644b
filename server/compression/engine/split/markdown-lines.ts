/** Line and nesting helpers of the markdown segmentation (offsets into the document's text). */

/** Above this many lines likewise (micromark's cost grows with lines, table rows especially). */
const MAX_PARSE_LINES = 15_000;
export /** Container markers (`>`, list bullets) opening one line beyond which micromark goes superlinear. */
const MAX_NESTING = 32;

const isSpace = (c: string | undefined): boolean => c !== undefined && /\s/u.test(c);
const isBreak = (c: string | undefined): boolean => c === '\n' || c === '\r';

/** Offset of the first character of the line holding `i`. */
export function lineStart(text: string, i: number): number {
  while (i > 0 && !isBreak(text[i - 1])) i--;
  return i;
}

/** Offset of the line break ending the line holding `i` (or the text's end). */
export function lineEnd(text: string, i: number): number {
  while (i < text.length && !isBreak(text[i])) i++;
  return i;
}

/** Offset just past the line break at `i` (`\r\n` counts as one). */
export function nextLine(text: string, i: number): number {
  return text[i] === '\r' && text[i + 1] === '\n' ? i + 2 : i + 1;
}

export function trimEnd(text: string, start: number, end: number): number {
  while (end > start && isSpace(text[end - 1])) end--;
  return end;
}

export function trimStart(text: string, start: number, end: number): number {
  while (start < end && isSpace(text[start])) start++;
  return start;
}

const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])(?=[ \t]|$)/u;
/** A line holding only container markers (`>`, bullets, numbers): syntax of the containers around it. */
export const MARKER_LINE = /^(?:[ \t]*(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t\r\n]|$)))+[ \t]*(?:\r\n|\r|\n)?$/u;

/**
 * Cheap line-level guard against input the parser would take too long on: too many lines, or a
 * line nesting too deeply (container markers `>`, bullets and numbers opening it, plus half the
 * indentation before them), on which micromark goes superlinear or overflows the stack.
 */
export function tooCostly(text: string): boolean {
  let lines = 0;
  let i = 0;
  while (i <= text.length) {
    const end = lineEnd(text, i);
    lines++;
    if (lines > MAX_PARSE_LINES) return true;
    let j = i;
    while (j < end && (text[j] === ' ' || text[j] === '\t')) j++;
    const indent = j - i;
    let depth = 0;
    for (;;) {
      while (j < end && (text[j] === ' ' || text[j] === '\t')) j++;
      if (text[j] === '>' && j < end) {
        depth++;
        j++;
        continue;
      }
      const m = LIST_MARKER.exec(text.slice(j, Math.min(end, j + 11)));
      if (!m || j >= end) break;
      depth++;
      j += m[0].length;
    }
    if (depth > 0 && depth + indent / 2 > MAX_NESTING) return true;
    if (end >= text.length) break;
    i = nextLine(text, end);
  }
  return false;
}

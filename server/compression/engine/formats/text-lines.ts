import type { Span } from '../split/segment.js';

/** A line of a text: its span without the line break, and its text. */
export interface TextLine extends Span {
  text: string;
}

/**
 * The lines of a text (a final line break ends the last line rather than opening an empty one)
 * and the line break to write them back with: CRLF when most breaks are CRLF, so a Windows log
 * or table comes back with the breaks it came in with.
 */
export function splitLines(text: string): { lines: TextLine[]; eol: '\n' | '\r\n' } {
  const lines: TextLine[] = [];
  let crlf = 0;
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const cr = end > start && text[end - 1] === '\r';
    if (cr && end < text.length) crlf++;
    const contentEnd = cr ? end - 1 : end;
    lines.push({ start, end: contentEnd, text: text.slice(start, contentEnd) });
    start = end + 1;
  }
  if (lines.length > 1 && lines.at(-1)!.text === '') lines.pop();
  const breaks = Math.max(1, lines.length - 1);
  return { lines, eol: crlf * 2 > breaks ? '\r\n' : '\n' };
}

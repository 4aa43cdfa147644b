import type { Span } from '../split/segment.js';
import { countTokens } from '../text/tokens.js';

export const PLACEHOLDER = '[...]';
/**
 * Coarse cut marks (`assemble`'s `cutMarks`) need a target of at least this many tokens: below it
 * two marks would take a third of the output or more, and a 1-3 token answer could no longer be
 * kept (bench:real:prose short contexts, latte_v2 coarse at 3 tokens: 8/12 answers without marks,
 * 2/12 with them).
 */
export const CUT_MARKS_MIN_TOKENS = 16;

// Dropped text that holds a sentence end or a line break is a dropped span worth marking; words
// dropped inside one sentence are closed up with a space (word-level units would otherwise put a
// marker between almost every word).
const SPAN_BREAK = /[.!?]["'”’)\]]*\s|\n/u;

/**
 * Joins kept spans in original order: adjacent spans keep their whitespace, others get `[...]` (without
 * placeholders, a separator of the dropped text's kind). With `blockPlaceholders` (markdown) the marker
 * must not change the structure: a paragraph of its own after dropped blocks, at the end of the kept line
 * before a nested list item, and left out after a fence, heading, table row, definition or indented code.
 */
export function assemble(text: string, spans: readonly Span[], placeholders: boolean, blockPlaceholders = false, cutMarks = false): string {
  // Pieces are collected and joined once, and only the output's last line is kept as a string:
  // testing the whole growing output on every span made long word-level outputs quadratic.
  const out: string[] = [];
  let lastLine = '';
  let lastChar = '';
  // Markdown: fence lines put so far; odd means inside a code block, where a marker is a line of its own.
  let fences = 0;
  const put = (piece: string) => {
    if (piece.length === 0) return;
    out.push(piece);
    if (blockPlaceholders) fences += piece.match(FENCE_LINE)?.length ?? 0;
    lastChar = piece.at(-1)!;
    const nl = piece.lastIndexOf('\n');
    lastLine = nl === -1 ? lastLine + piece : piece.slice(nl + 1);
  };
  let prevEnd = -1;
  const insideMarks = cutMarks && placeholders;
  // Line breaks the output adds follow the text's own (CRLF documents stay CRLF throughout).
  const firstBreak = text.indexOf('\n');
  const eol = firstBreak > 0 && text[firstBreak - 1] === '\r' ? '\r\n' : '\n';
  for (const span of spans) {
    const kept = text.slice(span.start, span.end);
    if (prevEnd === -1) {
      put(kept);
      prevEnd = span.end;
      continue;
    }
    const gap = text.slice(prevEnd, span.start);
    prevEnd = span.end;
    if (/^\s*$/u.test(gap)) {
      put(gap + kept);
      continue;
    }
    const mark = placeholders && (SPAN_BREAK.test(gap) || insideMarks);
    // After a kept prefix (a list bullet, which ends in a space) the kept text follows on its line.
    if (lastChar === ' ' || lastChar === '\t') {
      // ...unless it is a nested item kept without its parent's text: the parent's bullet stands
      // alone on its line (with the marker), and the nested item follows on the next.
      if (NESTED_ITEM.test(kept)) put(`${mark ? PLACEHOLDER : ''}${eol}${kept}`);
      else put((mark ? `${PLACEHOLDER} ` : '') + kept);
      continue;
    }
    const lineBreak = gap.includes('\n');
    const paragraph = /\n[ \t]*\n/u.test(gap);
    const brk = paragraph ? eol + eol : lineBreak ? eol : ' ';
    if (!mark) put(brk);
    else if (!lineBreak) put(` ${PLACEHOLDER} `);
    else if (!blockPlaceholders || fences % 2 === 1) put(`${eol}${PLACEHOLDER}${eol}`);
    else if (NESTED_ITEM.test(kept)) put((STRUCTURAL_LINE.test(lastLine) ? '' : ` ${PLACEHOLDER}`) + brk);
    // A link definition cannot interrupt a paragraph: the marker before one gets blank lines.
    else put(paragraph || DEFINITION.test(kept) ? `${eol}${eol}${PLACEHOLDER}${eol}${eol}` : `${eol}${PLACEHOLDER}${eol}`);
    put(kept);
  }
  if (insideMarks && spans.length > 0) {
    // Coarse units: a kept piece that starts or ends inside a sentence says so at the output's edges too.
    if (cutBefore(text, spans[0]!.start)) out.unshift(`${PLACEHOLDER} `);
    if (cutAfter(text, spans.at(-1)!.end)) out.push(` ${PLACEHOLDER}`);
  }
  return out.join('');
}

// A sentence (or line) starts after a terminator and whitespace, or after a line break.
const STARTS_HERE = /(?:(?<!\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|Jr|Sr|St|vs|cf|e\.g|i\.e))[.!?]["'”’)\]]*\s+|\n[ \t]*)$/u;
const ENDS_HERE = /[.!?:]["'”’)\]]*$/u;

/** Whether a kept span starting at `at` begins inside a sentence whose start was dropped. */
function cutBefore(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && /\s/u.test(text[i]!)) i--;
  return i >= 0 && !STARTS_HERE.test(text.slice(Math.max(0, at - 200), at));
}

/** Whether a kept span ending at `at` stops inside a sentence whose end was dropped. */
function cutAfter(text: string, at: number): boolean {
  const after = text.slice(at, at + 200);
  if (/^[ \t]*(?:\r?\n|$)/u.test(after) || !/\S/u.test(text.slice(at))) return false;
  return !ENDS_HERE.test(text.slice(Math.max(0, at - 10), at));
}

/** Gaps longer than this are never cheaper than a marker (a couple of short words at most). */
const CHEAP_GAP_CHARS = 24;

/**
 * Keeps the dropped text between two kept spans where it costs no more tokens than its marker, so
 * keeping more never costs fewer tokens and a higher ratio never returns a longer output. Spans sorted
 * and disjoint; gaps hold only whole dropped units, so filling one restores the original text.
 */
export function fillCheapGaps(text: string, spans: readonly Span[], placeholders: boolean, blockPlaceholders = false): Span[] {
  if (!placeholders || spans.length < 2) return [...spans];
  const out: Span[] = [{ ...spans[0]! }];
  for (let i = 1; i < spans.length; i++) {
    const last = out.at(-1)!;
    const next = spans[i]!;
    const gap = text.slice(last.end, next.start);
    // A gap holding a paragraph break stays a marker: filled, it would keep a paragraph of a word or
    // two ("or" between two code blocks) that reads as a stray fragment.
    if (gap.length <= CHEAP_GAP_CHARS && SPAN_BREAK.test(gap) && /\S/u.test(gap) && !/\n[ \t]*\n/u.test(gap)) {
      // Exact local cost: the words either side with the marker, against the original stretch.
      const left = { start: Math.max(last.start, text.lastIndexOf(' ', last.end - 1) + 1), end: last.end };
      const firstSpace = text.slice(next.start, next.end).search(/\s/u);
      const right = { start: next.start, end: firstSpace === -1 ? next.end : next.start + firstSpace };
      const marked = countTokens(assemble(text, [left, right], true, blockPlaceholders));
      if (countTokens(text.slice(left.start, right.end)) <= marked) {
        last.end = next.end;
        continue;
      }
    }
    out.push({ ...next });
  }
  return out;
}

const DEFINITION = /^\s{0,3}\[[^\]]+\]:/u;
const FENCE_LINE = /^[ \t]*(?:```|~~~)/gmu;

/** A markdown line that a trailing marker would change: fence, heading, table row, definition, rule, setext underline, indented code. */
const STRUCTURAL_LINE = /^(?:\s{0,3}(?:```|~~~|#|\||\[[^\]]+\]:|[-*_=](?:\s*[-*_=]){2,}\s*$)|(?: {4}|\t)(?!\s*(?:[-*+]|\d{1,9}[.)])\s))|\|\s*$/u;
/** An indented list item: a marker line at column 0 before it would end the list and make it code. */
const NESTED_ITEM = /^[ \t]+(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/u;

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

/**
 * Splits a context into a three-level tree of character spans: blocks (paragraphs, or with
 * structure-aware chunking: headings, fenced code, tables, lists), sentences (table rows and
 * list items in structured blocks) and whitespace-delimited tokens. Spans index the original
 * text, so cutting along them never splits inside a word.
 */
export interface Span {
  start: number;
  end: number;
}

export type BlockKind = 'paragraph' | 'heading' | 'code' | 'table' | 'list' | 'quote' | 'html' | 'frontmatter' | 'rule';

export interface Sentence extends Span {
  /** Kept whole or dropped whole (code blocks, table rows, headings). */
  atomic: boolean;
  /** Kept at every ratio (markdown headings, front matter, a table's header and separator rows). */
  required?: boolean;
  /**
   * Kept together with the sentence whenever any part of it is kept: a list item's indentation and
   * bullet or number, a block quote's `>`. Usually the start of the sentence's own line; a list
   * item's continuation line carries the item's bullet instead.
   */
  prefix?: Span;
  /** Spans kept with the sentence whenever any part of it is kept: the link reference definitions its references use. */
  companions?: Span[];
  /** Never kept for itself, only as another sentence's companion (a link reference definition). */
  dependent?: boolean;
  /** Pieces a partial sentence is cut along (words, in the main); a piece may hold spaces when it must stay whole (a link, inline code). */
  pieces: Span[];
  /** Fenced code cut along its lines: may be shortened to its first lines beside the one partial prose sentence. */
  shortenable?: boolean;
  /** Added to the scores of the sentence's words: markdown ranks code and section leads up, badges and tables of contents down. */
  bonus?: number;
}

export interface Block extends Span {
  kind: BlockKind;
  sentences: Sentence[];
}

/**
 * Longest token: a longer run without whitespace (a base64 blob, minified code, a run of one
 * character, CJK text without a sentence end) is cut into tokens of at most this many characters.
 * As one token it could only be kept or dropped whole, so no budget below it could be met: a 1 MB
 * run came back whole at every ratio. Long enough that a URL stays one token.
 */
const LONGEST_TOKEN = 300;
/** Where a long run is cut preferably: after a character that ends a part of a URL, a path, code or a clause. */
const BREAK_AFTER = /[/&?=,;:.|)\]}>，、；：]/u;

/** Appends the token `start..end` of `text` to `out`, cut into pieces of at most LONGEST_TOKEN characters. */
export function pushToken(out: Span[], text: string, start: number, end: number): void {
  while (end - start > LONGEST_TOKEN) {
    let cut = start + LONGEST_TOKEN;
    for (let p = cut; p > start + LONGEST_TOKEN / 2; p--) {
      if (BREAK_AFTER.test(text[p - 1]!)) {
        cut = p;
        break;
      }
    }
    cut = graphemeStartAtOrBefore(text, cut, start);
    out.push({ start, end: cut });
    start = cut;
  }
  out.push({ start, end });
}

let graphemes: Intl.Segmenter | undefined;

/**
 * The start of the grapheme cluster holding `at` (not before `floor`): a cut there never splits a
 * surrogate pair, a letter from its combining marks, a Devanagari conjunct or an emoji sequence.
 */
export function graphemeStartAtOrBefore(text: string, at: number, floor: number): number {
  const from = Math.max(floor, at - 32);
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let best = from;
  for (const g of graphemes.segment(text.slice(from, at + 32))) {
    if (from + g.index > at) break;
    best = from + g.index;
  }
  if (best > floor) return best;
  // One cluster longer than the window (a letter under dozens of marks): at least never half a surrogate pair.
  const c = text.charCodeAt(at);
  return c >= 0xdc00 && c <= 0xdfff ? at - 1 : at;
}

/**
 * A whitespace token, or an inline code span with what is attached to it ("(`npm run dev`),"):
 * a cut inside backticks would leave an unclosed span and a broken command.
 */
const TOKEN = /[^\s`]*`[^`\n]{1,200}`\S*|\S+/gu;

function tokensIn(text: string, start: number, end: number): Span[] {
  const out: Span[] = [];
  const re = new RegExp(TOKEN);
  re.lastIndex = start;
  const slice = text.slice(0, end);
  let m: RegExpExecArray | null;
  while ((m = re.exec(slice)) !== null) {
    if (m[0].length > CJK_WORD_MIN && CJK_CHAR.test(m[0])) cjkTokens(out, text, m.index, m.index + m[0].length);
    else pushToken(out, text, m.index, m.index + m[0].length);
  }
  return out;
}

/** Chinese and Japanese characters: text written without spaces between words. */
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** A CJK run up to this long stays one token whatever it holds. */
const CJK_WORD_MIN = 4;
/** Clause marks of Chinese and Japanese: a token ends after one. */
const CJK_CLAUSE_END = /[、，；：,;:]/u;

/**
 * Appends a run of Chinese or Japanese cut into its clauses (after a comma, enumeration comma,
 * semicolon or colon): as one whitespace token, a whole sentence could only be kept or dropped
 * whole, so a cut sentence kept its opening instead of the clause that answers.
 */
function cjkTokens(out: Span[], text: string, start: number, end: number): void {
  let from = start;
  for (let i = start; i < end - 1; i++) {
    if (CJK_CLAUSE_END.test(text[i]!)) {
      pushToken(out, text, from, i + 1);
      from = i + 1;
    }
  }
  pushToken(out, text, from, end);
}

/** Trims whitespace off a span; returns undefined when nothing is left. */
function trimSpan(text: string, start: number, end: number): Span | undefined {
  while (start < end && /\s/u.test(text[start]!)) start++;
  while (end > start && /\s/u.test(text[end - 1]!)) end--;
  return start < end ? { start, end } : undefined;
}

function sentence(text: string, span: Span, atomic: boolean): Sentence {
  return { ...span, atomic, pieces: atomic ? [] : tokensIn(text, span.start, span.end) };
}

// Sentence ends: . ! ? ؟ (and closing quotes) before whitespace; CJK 。！？．, or ASCII . ! ? between
// two CJK characters ("密码.提示"); danda and the Urdu, Armenian, Ethiopic, Myanmar, Khmer stops; a
// line break. Not after a title or abbreviation ("Dr. Osei", "e.g."); Thai (space only) stays one
// sentence (docs/languages.md).
const SENTENCE_END = /(?<!\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|Jr|Sr|St|vs|cf|e\.g|i\.e))[.!?؟]+["'”’»)\]]*(?=\s)|[。！？｡．]+[」』”’）)\]]*|(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[.!?](?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])|[।॥۔։።။។]+["'”’»)\]]*|\n/gu;

/** A wrapped line is at least this long: shorter lines ending without punctuation are lines of their own (a list, an address). */
const WRAP_MIN_CHARS = 40;
const ENDS_CLAUSE = /[.!?:;。！？｡]["'”’)\]]*$/u;
const STARTS_ITEM = /^[ \t]*(?:[-*+•]|\d{1,3}[.)]|\(?[a-z0-9]{1,3}\))[ \t]/u;

/**
 * Whether the line break at `at` is a hard wrap inside a sentence: the line before is long and
 * ends mid-sentence, and the next line holds text that starts no list item and not with the same word.
 */
function wrapsAt(text: string, at: number, span: Span): boolean {
  const line = text.slice(Math.max(span.start, text.lastIndexOf('\n', at - 1) + 1), at).trimEnd();
  if (line.length < WRAP_MIN_CHARS || ENDS_CLAUSE.test(line)) return false;
  const next = text.slice(at + 1, Math.min(span.end, at + 24));
  // Lines that open with the same word are a list of lines ("Copyright (c) ..." per holder).
  const firstWord = (s: string) => /^\s*(\S+)/u.exec(s)?.[1];
  return /^[ \t]*\S/u.test(next) && !STARTS_ITEM.test(next) && firstWord(line) !== firstWord(next);
}

/** Prose sentences inside a span; a sentence hard-wrapped over several lines is one. */
export function sentencesIn(text: string, span: Span): Sentence[] {
  const out: Sentence[] = [];
  let from = span.start;
  const slice = text.slice(0, span.end);
  SENTENCE_END.lastIndex = span.start;
  let m: RegExpExecArray | null;
  while ((m = SENTENCE_END.exec(slice)) !== null) {
    if (m[0] === '\n' && wrapsAt(text, m.index, span)) continue;
    const s = trimSpan(text, from, m.index + m[0].length);
    if (s) out.push(sentence(text, s, false));
    from = m.index + m[0].length;
  }
  const rest = trimSpan(text, from, span.end);
  if (rest) out.push(sentence(text, rest, false));
  return out;
}

function paragraphBlocks(text: string, from: number, to: number): Block[] {
  const out: Block[] = [];
  const re = /\n[ \t]*\n\s*/gu;
  const slice = text.slice(0, to);
  re.lastIndex = from;
  let start = from;
  let m: RegExpExecArray | null;
  const push = (a: number, b: number) => {
    const span = trimSpan(text, a, b);
    if (span) out.push({ ...span, kind: 'paragraph', sentences: sentencesIn(text, span) });
  };
  while ((m = re.exec(slice)) !== null) {
    push(start, m.index);
    start = m.index + m[0].length;
  }
  push(start, to);
  return out;
}

interface Line extends Span {
  text: string;
}

function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  for (const part of text.split('\n')) {
    out.push({ start, end: start + part.length, text: part });
    start += part.length + 1;
  }
  return out;
}

/**
 * Any indentation: a fence inside a list item is indented past the 3 spaces CommonMark allows at
 * top level, and a cut must not keep its opening line without its closing one.
 */
const FENCE = /^[ \t]*(```|~~~)/u;
const HEADING = /^\s{0,3}#{1,6}\s/u;
const TABLE_ROW = /^\s*\|/u;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s+/u;

/**
 * Structure-aware blocks: fenced code and headings are atomic; a table is a block whose rows
 * are atomic sentences; a list is a block whose items are sentences; the rest is paragraphs.
 */
function structuredBlocks(text: string): Block[] {
  const lines = linesOf(text);
  const out: Block[] = [];
  let proseFrom: number | undefined;
  const flushProse = (to: number) => {
    if (proseFrom !== undefined) out.push(...paragraphBlocks(text, proseFrom, to));
    proseFrom = undefined;
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const fence = FENCE.exec(line.text);
    if (fence) {
      flushProse(line.start);
      let j = i + 1;
      while (j < lines.length && !lines[j]!.text.trimStart().startsWith(fence[1]!)) j++;
      const end = lines[Math.min(j, lines.length - 1)]!.end;
      const span = { start: line.start, end };
      out.push({ ...span, kind: 'code', sentences: [sentence(text, span, true)] });
      i = j + 1;
      continue;
    }
    if (HEADING.test(line.text)) {
      flushProse(line.start);
      const span = trimSpan(text, line.start, line.end)!;
      out.push({ ...span, kind: 'heading', sentences: [sentence(text, span, true)] });
      i++;
      continue;
    }
    if (TABLE_ROW.test(line.text) || LIST_ITEM.test(line.text)) {
      flushProse(line.start);
      const table = TABLE_ROW.test(line.text);
      const items: Sentence[] = [];
      let j = i;
      while (j < lines.length) {
        const l = lines[j]!;
        if (table ? TABLE_ROW.test(l.text) : LIST_ITEM.test(l.text)) {
          const span = trimSpan(text, l.start, l.end);
          if (span) items.push(sentence(text, span, table));
        } else if (!table && l.text.trim() !== '' && /^\s+/u.test(l.text) && items.length > 0) {
          // An indented continuation line belongs to the list item above it.
          const last = items.pop()!;
          items.push(sentence(text, { start: last.start, end: trimSpan(text, l.start, l.end)!.end }, false));
        } else break;
        j++;
      }
      out.push({ start: items[0]!.start, end: items.at(-1)!.end, kind: table ? 'table' : 'list', sentences: items });
      i = j;
      continue;
    }
    proseFrom ??= line.start;
    i++;
  }
  flushProse(text.length);
  return out.sort((a, b) => a.start - b.start);
}

/** Fenced code blocks (``` or ~~~ to the matching fence, or to the end when unclosed). */
function fencedCode(text: string): Span[] {
  const out: Span[] = [];
  const lines = linesOf(text);
  for (let i = 0; i < lines.length; i++) {
    const fence = FENCE.exec(lines[i]!.text);
    if (!fence) continue;
    let j = i + 1;
    while (j < lines.length && !lines[j]!.text.trimStart().startsWith(fence[1]!)) j++;
    out.push({ start: lines[i]!.start, end: lines[Math.min(j, lines.length - 1)]!.end });
    i = j;
  }
  return out;
}

/** Paragraph blocks, with every fenced code block one atomic block: a fence is never cut in any mode. */
function paragraphsAndCode(text: string): Block[] {
  const out: Block[] = [];
  let from = 0;
  for (const code of fencedCode(text)) {
    out.push(...paragraphBlocks(text, from, code.start));
    // The opening line keeps its indentation: a fence indented inside a list item must line up
    // with its closing fence, or the output's code block would run to the end.
    const trimmed = trimSpan(text, code.start, code.end);
    const span = trimmed && { start: code.start, end: trimmed.end };
    if (span) out.push({ ...span, kind: 'code', sentences: [sentence(text, span, true)] });
    from = code.end;
  }
  out.push(...paragraphBlocks(text, from, text.length));
  return out;
}

/** Segments a context; `structured` is `heuristic_chunking`. */
export function segment(text: string, structured: boolean): Block[] {
  return structured ? structuredBlocks(text) : paragraphsAndCode(text);
}

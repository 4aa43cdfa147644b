/**
 * Markdown segmentation for the `markdown` content format: structure stays verbatim, only prose shrinks.
 * The document is parsed with micromark + mdast (GFM, front matter) and the tree walked into the engine's
 * span tree: headings and front matter required, code, HTML and table rows atomic, containers one block
 * each, inline links and code never split. The full mapping: docs/engine.md. Falls back to segment.ts.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { lineEnd, lineStart, MARKER_LINE, MAX_NESTING, nextLine, tooCostly, trimEnd, trimStart } from './markdown-lines.js';
import { isBadgeLine, isTableOfContents, kindOf, plainText, spanOf, wholeSpans, type MdNode } from './markdown-nodes.js';
import { pushToken, segment, sentencesIn, type Block, type Sentence, type Span } from './segment.js';

/** Above this many characters the parser is too slow (micromark runs at roughly 1 MB/s): fall back. */
const MAX_PARSE_CHARS = 500_000;
/** A list item's prefix: indentation, then a bullet or number (a task box may follow). */
const LIST_BULLET = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/u;
/**
 * Score bonuses (`Sentence.bonus`) that give the budget to content before decoration: fenced code
 * first, then each section's lead sentence, the rest of the prose, and last badges, tables of
 * contents, HTML blocks and name lists (contributors, triagers). Chosen on the 30 package READMEs of
 * bench:real:prose (a development set; figures in docs/real-inputs-prose.md).
 */
const CODE_BONUS = 1;
/**
 * On top of CODE_BONUS for a code block that holds a package install command: what a reader of a
 * README needs first (figures in docs/real-inputs-prose.md).
 */
const INSTALL_BONUS = 1;
const INSTALL_LINE = /^[ \t]*(?:\$ )?(?:npm (?:install|i|add)|yarn add|pnpm (?:add|install|i)|bun add|pip3? install|cargo add|go get|gem install|composer require|dotnet add)\b/mu;
/** A section's lead sentence ranks with code: shortened code leaves room for it at 10x. */
const LEAD_BONUS = 1;
const DECORATION_BONUS = -1;
/** A fenced code block with more body lines than this can be shortened inside (a run of its lines, a marker for the rest). */
const SHORTENED_CODE_LINES = 1;
/** Headings of sections whose lists are names (people, sponsors) rather than content. */
const NAMES_HEADING = /contributors|maintainers|triagers|collaborators|backers|sponsors|authors|credits|team members|people/iu;
/** A line that ends a sentence: a hard-wrapped line that does not is joined with the next. */
const ENDS_SENTENCE = /[.!?:;]["'”’)\]*_]*$/u;

interface Context {
  /** Inside a list item, quote or footnote definition: leading indentation becomes a prefix. */
  container: boolean;
  /** Number of enclosing block quotes. */
  quoteDepth: number;
}

const TOP: Context = { container: false, quoteDepth: 0 };


/** A paragraph's sentence in the making: [start, end) with its words from `content` on. */
interface Piece {
  start: number;
  end: number;
  prefix?: Span;
  /** Where the words of each line of the piece start (after the line's markers). */
  words: Span[];
}

class Walker {
  private readonly blocks: Block[] = [];
  private current: Sentence[] = [];
  /** End of the last sentence emitted: nothing before it may be claimed again. */
  private cursor = 0;
  /** Link reference definitions by label (the first one wins, as in CommonMark). */
  private readonly definitions = new Map<string, Span>();

  constructor(
    private readonly text: string,
    /** Offset of the parsed string inside `text` (1 when a byte-order mark was cut off). */
    private readonly base: number,
  ) {
    this.cursor = base;
  }

  run(root: MdNode): Block[] {
    let leadPending = false;
    let namesSection = false;
    for (const node of root.children ?? []) {
      this.current = [];
      this.visit(node, TOP, 0);
      const first = this.current[0];
      const last = this.current.at(-1);
      if (node.type === 'heading') {
        leadPending = true;
        namesSection = NAMES_HEADING.test(plainText(node));
      } else if (first) {
        const decoration = node.type === 'html' || isBadgeLine(node) || isTableOfContents(node) || (node.type === 'list' && namesSection);
        if (decoration) for (const s of this.current) if (!s.required && !s.dependent) s.bonus = DECORATION_BONUS;
        if (node.type === 'code') for (const s of this.current) s.bonus = CODE_BONUS + (INSTALL_LINE.test(node.value ?? '') ? INSTALL_BONUS : 0);
        if (!decoration && leadPending && node.type === 'paragraph' && !first.required) first.bonus = (first.bonus ?? 0) + LEAD_BONUS;
        if (!decoration) leadPending = false;
      }
      if (first && last) this.blocks.push({ start: first.start, end: last.end, kind: kindOf(node), sentences: this.current });
    }
    const blocks = this.sweep();
    this.attachDefinitions(root, blocks);
    for (const block of blocks) if (block.kind === 'list') this.attachParentItems(block);
    return blocks;
  }

  /**
   * Gives each sentence of a nested list item the bullets of the items it is nested in: kept
   * without its parents, an item indented four or more spaces would otherwise parse as code.
   */
  private attachParentItems(block: Block): void {
    const indentOf = (p: Span) => /^[ \t]*/u.exec(this.text.slice(p.start, p.end))![0].length;
    const stack: Array<{ prefix: Span; indent: number; parents: Span[] }> = [];
    const parentsOf = new Map<number, Span[]>();
    for (const s of block.sentences) {
      const p = s.prefix;
      if (!p || !LIST_BULLET.test(this.text.slice(p.start, p.end))) continue;
      if (p.start === s.start) {
        const indent = indentOf(p);
        while (stack.length && stack.at(-1)!.indent >= indent) stack.pop();
        const top = stack.at(-1);
        const chain = top ? [...top.parents, top.prefix] : [];
        parentsOf.set(p.start, chain);
        stack.push({ prefix: p, indent, parents: chain });
        if (chain.length) (s.companions ??= []).push(...chain);
      } else {
        // A continuation line: its item's bullet is its prefix, its item's parents its companions.
        const chain = parentsOf.get(p.start);
        if (chain?.length) (s.companions ??= []).push(...chain);
      }
    }
  }

  /** Gives each sentence that holds a link or image reference the definition it resolves to. */
  private attachDefinitions(root: MdNode, blocks: Block[]): void {
    if (this.definitions.size === 0) return;
    const sentences = blocks.flatMap((b) => b.sentences);
    const refs: Array<{ at: number; def: Span }> = [];
    const collect = (node: MdNode, depth: number) => {
      if (depth > 4 * MAX_NESTING) return;
      if ((node.type === 'linkReference' || node.type === 'imageReference') && node.identifier !== undefined) {
        const def = this.definitions.get(node.identifier);
        const span = spanOf(node, this.base);
        if (def && span) refs.push({ at: span.start, def });
      }
      for (const child of node.children ?? []) collect(child, depth + 1);
    };
    collect(root, 0);
    refs.sort((a, b) => a.at - b.at);
    let j = 0;
    for (const ref of refs) {
      while (j < sentences.length && sentences[j]!.end <= ref.at) j++;
      const s = sentences[j];
      if (s && s.start <= ref.at) (s.companions ??= []).push(ref.def);
    }
  }

  private visit(node: MdNode, ctx: Context, depth: number): void {
    const span = spanOf(node, this.base);
    if (!span) return;
    if (depth > 4 * MAX_NESTING) {
      // Deeper than any real document: keep the rest as plain prose.
      this.remainder(span.end, false);
      return;
    }
    switch (node.type) {
      case 'heading':
      case 'yaml':
      case 'toml':
      case 'thematicBreak':
        this.atomic(span, true, ctx);
        return;
      case 'definition': {
        // Kept only with the text that uses it (badge-heavy READMEs hold half their tokens in
        // definitions), so a kept reference always resolves and an unused definition costs nothing.
        const before = this.current.length;
        this.atomic(span, false, ctx);
        const def = this.current[before];
        if (def && node.identifier !== undefined) {
          def.dependent = true;
          if (!this.definitions.has(node.identifier)) this.definitions.set(node.identifier, { start: def.start, end: def.end });
        }
        return;
      }
      case 'code':
        if (!ctx.container && this.fencedCode(span)) return;
        this.atomic(span, false, ctx);
        return;
      case 'html':
        this.atomic(span, false, ctx);
        return;
      case 'paragraph':
        this.paragraph(node, span, ctx);
        return;
      case 'table':
        this.table(node, span, ctx);
        return;
      case 'blockquote':
      case 'list':
      case 'listItem':
      case 'footnoteDefinition': {
        const inner: Context = {
          container: true,
          quoteDepth: ctx.quoteDepth + (node.type === 'blockquote' ? 1 : 0),
        };
        for (const child of node.children ?? []) this.visit(child, inner, depth + 1);
        // Markers no child claimed: an empty item (`-`), an empty quote, trailing `>` lines.
        this.remainder(span.end, true);
        return;
      }
      default:
        this.atomic(span, false, ctx);
    }
  }

  /**
   * Where a sentence whose content starts at `at` begins: the start of its line (indentation,
   * bullets, `>` markers), and in a container also the unclaimed lines before it that hold only
   * markers (a quote's `>` separator line, a bullet alone on its line). Returns `at` when the
   * line's start was already claimed.
   */
  private claim(at: number, ctx: Context): number {
    let start = lineStart(this.text, at);
    if (start < this.cursor) return Math.max(at, this.cursor);
    if (ctx.container) {
      while (start > this.cursor) {
        const prev = lineStart(this.text, start - 1);
        if (prev < this.cursor || !MARKER_LINE.test(this.text.slice(prev, start))) break;
        start = prev;
      }
    }
    return start;
  }

  /** The prefix for a sentence claimed from `start` whose content starts at `at`, if any. */
  private prefixOf(start: number, at: number, ctx: Context): Span | undefined {
    if (start >= at) return undefined;
    if (ctx.container || /\S/u.test(this.text.slice(start, at))) return { start, end: at };
    return undefined;
  }

  private push(s: Sentence): void {
    if (s.start < this.cursor || s.end <= s.start) return;
    this.current.push(s);
    this.cursor = s.end;
  }

  private atomic(span: Span, required: boolean, ctx: Context): void {
    const start = this.claim(span.start, ctx);
    const end = trimEnd(this.text, span.start, span.end);
    const prefix = this.prefixOf(start, span.start, ctx);
    this.push({ start, end, atomic: true, ...(required ? { required: true } : {}), ...(prefix ? { prefix } : {}), pieces: [] });
  }

  /**
   * A top-level fenced code block of more than SHORTENED_CODE_LINES lines: one sentence cut along
   * its lines, the opening fence its prefix and the closing fence its companion, so a block too
   * large for its share keeps a run of lines inside balanced fences (the marker stands for the rest).
   * Smaller or unclosed blocks stay atomic.
   */
  private fencedCode(span: Span): boolean {
    const { text } = this;
    const open = /^[ \t]{0,3}(`{3,}|~{3,})/u.exec(text.slice(span.start, lineEnd(text, span.start)));
    const end = trimEnd(text, span.start, span.end);
    const lastLine = lineStart(text, end - 1);
    const firstEnd = lineEnd(text, span.start);
    if (!open || lastLine <= firstEnd || !text.slice(lastLine, end).trimStart().startsWith(open[1]!)) return false;
    const tokens: Span[] = [];
    for (let at = nextLine(text, firstEnd); at < lastLine; at = nextLine(text, lineEnd(text, at))) {
      const stop = trimEnd(text, at, lineEnd(text, at));
      if (stop > at) tokens.push({ start: at, end: stop });
    }
    if (tokens.length <= SHORTENED_CODE_LINES) return false;
    const start = this.claim(span.start, TOP);
    this.push({ start, end, atomic: false, prefix: { start, end: firstEnd }, companions: [{ start: lastLine, end }], pieces: tokens, shortenable: true });
    return true;
  }

  /** Non-whitespace between the cursor and `end` that nothing claimed yet. */
  private remainder(end: number, atomic: boolean): void {
    const start = trimStart(this.text, this.cursor, end);
    const stop = trimEnd(this.text, start, end);
    if (start >= stop) return;
    if (atomic) this.push({ start, end: stop, atomic: true, pieces: [] });
    else for (const s of sentencesIn(this.text, { start, end: stop })) this.push(s);
  }

  private table(node: MdNode, span: Span, ctx: Context): void {
    const rows = node.children ?? [];
    rows.forEach((row, i) => {
      const rowSpan = spanOf(row, this.base);
      if (!rowSpan) return;
      const end = Math.max(rowSpan.end, trimEnd(this.text, rowSpan.end, lineEnd(this.text, rowSpan.end)));
      this.atomic({ start: rowSpan.start, end }, i === 0, ctx);
      if (i !== 0) return;
      // The delimiter row (`|---|:-:|`) has no node: it is the line after the header row.
      const breakAt = lineEnd(this.text, end);
      if (breakAt >= span.end) return;
      const from = nextLine(this.text, breakAt);
      const to = lineEnd(this.text, from);
      const start = trimStart(this.text, from, to);
      const stop = trimEnd(this.text, start, to);
      if (start < stop) this.atomic({ start, end: stop }, true, ctx);
    });
    this.remainder(span.end, true);
  }

  /** Where a paragraph's continuation line's content starts: after its `>` markers and indentation. */
  private contentStart(from: number, to: number, quoteDepth: number): number {
    let i = from;
    for (let d = 0; d < quoteDepth; d++) {
      let j = i;
      while (j < to && (this.text[j] === ' ' || this.text[j] === '\t')) j++;
      if (this.text[j] !== '>' || j >= to) break;
      i = j + 1;
    }
    return trimStart(this.text, i, to);
  }

  private paragraph(node: MdNode, span: Span, ctx: Context): void {
    const text = this.text;
    const pieces: Piece[] = [];
    let from = span.start;
    let first = true;
    let itemPrefix: Span | undefined;
    for (;;) {
      const eol = Math.min(lineEnd(text, from), span.end);
      const content = first ? from : this.contentStart(from, eol, ctx.quoteDepth);
      sentencesIn(text, { start: content, end: eol }).forEach((s, i) => {
        // A list item's continuation line carries the item's bullet rather than its own
        // indentation: kept without the first line, it then reads `- [...] rest`, where an
        // indented line after a marker would have parsed as a code block.
        if (i === 0 && !first && itemPrefix && ctx.quoteDepth === 0) {
          pieces.push({ start: s.start, end: s.end, prefix: itemPrefix, words: [{ start: s.start, end: s.end }] });
          return;
        }
        const start = i === 0 ? this.claimFor(s.start, pieces, ctx) : s.start;
        const prefix = i === 0 ? this.prefixOf(start, s.start, ctx) : undefined;
        if (first && i === 0 && ctx.container && prefix && /\S/u.test(text.slice(prefix.start, prefix.end))) itemPrefix = prefix;
        pieces.push({ start, end: s.end, ...(prefix ? { prefix } : {}), words: [{ start: s.start, end: s.end }] });
      });
      if (eol >= span.end) break;
      from = nextLine(text, eol);
      first = false;
    }

    // Merge sentences whose boundary falls inside a link, code span or short emphasis.
    const whole = wholeSpans(node, this.base, []);
    const merged: Piece[] = [];
    let w = 0;
    for (const piece of pieces) {
      const prev = merged.at(-1);
      while (w < whole.length && whole[w]!.end <= (prev?.end ?? -1)) w++;
      const straddles = prev !== undefined && w < whole.length && whole[w]!.start < piece.words[0]!.start && whole[w]!.end > prev.end;
      // A line break inside a sentence is a hard wrap (markdown renders the lines as one), outside quotes.
      const wrapped = prev !== undefined && ctx.quoteDepth === 0 && /\n/u.test(text.slice(prev.end, piece.words[0]!.start)) && !ENDS_SENTENCE.test(text.slice(prev.start, prev.end));
      if (prev && (straddles || wrapped)) {
        prev.end = piece.end;
        prev.words.push(...piece.words);
      } else merged.push(piece);
    }

    for (const piece of merged) {
      if (piece.start < this.cursor) continue;
      this.push({
        start: piece.start,
        end: piece.end,
        atomic: false,
        ...(piece.prefix ? { prefix: piece.prefix } : {}),
        pieces: this.tokens(piece.words, whole),
      });
    }
  }

  /** `claim` for a paragraph line's first sentence, not reaching back into earlier pieces. */
  private claimFor(at: number, pieces: Piece[], ctx: Context): number {
    const last = pieces.at(-1);
    if (!last) return this.claim(at, ctx);
    const start = lineStart(this.text, at);
    return start < last.end ? at : start;
  }

  /** Whitespace-delimited words of the ranges, with each whole span and the words it touches as one token. */
  private tokens(ranges: Span[], whole: Span[]): Span[] {
    const items: Span[] = [];
    const re = /\S+/gu;
    for (const range of ranges) {
      const slice = this.text.slice(range.start, range.end);
      re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(slice)) !== null) pushToken(items, this.text, range.start + m.index, range.start + m.index + m[0].length);
    }
    const lo = ranges[0]?.start ?? 0;
    const hi = ranges.at(-1)?.end ?? 0;
    for (const span of whole) if (span.start >= lo && span.end <= hi) items.push(span);
    items.sort((a, b) => a.start - b.start || b.end - a.end);
    const out: Span[] = [];
    for (const item of items) {
      const last = out.at(-1);
      if (last && item.start < last.end) last.end = Math.max(last.end, item.end);
      else out.push({ ...item });
    }
    return out;
  }

  /** Adds any non-whitespace the walk left uncovered as plain prose, so nothing is lost silently. */
  private sweep(): Block[] {
    const blocks = this.blocks;
    const gaps: Span[] = [];
    let at = 0;
    for (const block of blocks) {
      for (const s of block.sentences) {
        if (/\S/u.test(this.text.slice(at, s.start))) gaps.push({ start: at, end: s.start });
        at = s.end;
      }
    }
    if (/\S/u.test(this.text.slice(at))) gaps.push({ start: at, end: this.text.length });
    if (gaps.length === 0) return blocks;
    for (const gap of gaps) {
      const sentences = sentencesIn(this.text, gap);
      const host = blocks.find((b) => b.start < gap.start && gap.end <= b.end);
      if (host) host.sentences.push(...sentences);
      else if (sentences.length > 0) {
        blocks.push({ start: sentences[0]!.start, end: sentences.at(-1)!.end, kind: 'paragraph', sentences });
      }
    }
    for (const block of blocks) block.sentences.sort((a, b) => a.start - b.start);
    return blocks.sort((a, b) => a.start - b.start);
  }
}

function parse(text: string): MdNode {
  return fromMarkdown(text, {
    extensions: [gfm(), frontmatter(['yaml', 'toml'])],
    mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(['yaml', 'toml'])],
  }) as MdNode;
}

function fallback(text: string, structured: boolean): Block[] {
  try {
    return segment(text, structured);
  } catch {
    return segment(text, false);
  }
}

/**
 * Segments a markdown document into blocks whose structure (headings, code, tables, markers)
 * stays whole while prose can shrink. Never throws: oversized or pathologically nested input
 * gets segment.ts's structured heuristics, a parser failure its plain paragraphs.
 */
export function markdownBlocks(text: string): Block[] {
  if (text.length > MAX_PARSE_CHARS || tooCostly(text)) return fallback(text, true);
  try {
    // micromark drops a byte-order mark without counting it in its offsets.
    const base = text.startsWith('\uFEFF') ? 1 : 0;
    return new Walker(text, base).run(parse(base ? text.slice(1) : text));
  } catch {
    return fallback(text, false);
  }
}

/**
 * What the prose benchmark measures on an output: code blocks kept, install commands, boilerplate
 * share, whole sentences among kept prose segments, facts kept with their subject.
 */
import { PLACEHOLDER } from '../../../../server/compression/engine/assemble/assemble.js';
import { countTokens } from '../../../../server/compression/engine/text/tokens.js';

const FENCE_OPEN = /^([ \t]*)(`{3,}|~{3,})/u;

export interface CodeBlock {
  open: string;
  body: string[];
}

/** Fenced code blocks (an unclosed one runs to the end). */
export function codeBlocks(md: string): CodeBlock[] {
  const lines = md.split('\n');
  const out: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = FENCE_OPEN.exec(lines[i]!);
    if (!m) continue;
    let j = i + 1;
    while (j < lines.length && !lines[j]!.trimStart().startsWith(m[2]!)) j++;
    out.push({ open: lines[i]!.trim(), body: lines.slice(i + 1, j) });
    i = j;
  }
  return out;
}

/** A marker line inside a shortened code block. */
const isMarkerLine = (l: string) => l.includes(PLACEHOLDER) || /\[\.\.\. ?\d+ lines?\]/u.test(l);

/**
 * How an input code block survives: `whole` (verbatim), `shortened` (same fence, a marker line,
 * every other line from the original in order), or `lost`.
 */
export function codeFate(block: CodeBlock, outBlocks: readonly CodeBlock[]): 'whole' | 'shortened' | 'lost' {
  const body = block.body.join('\n');
  if (outBlocks.some((o) => o.open === block.open && o.body.join('\n') === body)) return 'whole';
  for (const o of outBlocks) {
    if (o.open !== block.open || !o.body.some(isMarkerLine)) continue;
    const rest = o.body.filter((l) => !isMarkerLine(l));
    let k = 0;
    for (const l of block.body) if (k < rest.length && rest[k] === l) k++;
    if (k === rest.length && rest.some((l) => l.trim() !== '')) return 'shortened';
  }
  return 'lost';
}

/** Install commands of a README (npm/yarn/pnpm/bun), trimmed, without a shell prompt. */
export function installCommands(md: string): string[] {
  const out = new Set<string>();
  for (const m of md.matchAll(/^[ \t]*(?:\$ )?((?:npm (?:install|i)|yarn add|pnpm (?:add|install)|bun add)(?: [^\n`]*)?)$/gmu)) out.add(m[1]!.trim());
  return [...out];
}

const BADGE = /^\s*(?:\[!\[[^\]]*\]\([^)]*\)\]\([^)]*\)\s*|!\[[^\]]*\]\([^)]*(?:badge|shields\.io|travis|coveralls|codecov|circleci|github\.com\/[^)]*\/workflows)[^)]*\)\s*|\[!\[[^\]]*\]\[[^\]]*\]\]\[[^\]]*\]\s*)+$/iu;
const TOC = /^\s*(?:[-*+]|\d+[.)])\s+\[[^\]]+\]\(#[^)]*\)\s*$/u;
const DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*\S/u;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*)$/u;
const NAMES_HEADING = /contributors|maintainers|triagers|team|authors|collaborators|backers|sponsors|people|credits/iu;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+/u;

export type BoilerKind = 'badge' | 'toc' | 'definition' | 'names';

/** Each line's boilerplate kind (badges, table-of-contents links, link definitions, items of a name list), outside code. */
export function boilerplate(md: string): Array<BoilerKind | undefined> {
  const lines = md.split('\n');
  const out: Array<BoilerKind | undefined> = [];
  let inCode: string | undefined;
  let namesSection = false;
  for (const line of lines) {
    const fence = FENCE_OPEN.exec(line);
    if (inCode) {
      if (line.trimStart().startsWith(inCode)) inCode = undefined;
      out.push(undefined);
      continue;
    }
    if (fence) {
      inCode = fence[2]!;
      out.push(undefined);
      continue;
    }
    const h = HEADING.exec(line);
    if (h) namesSection = NAMES_HEADING.test(h[2]!);
    out.push(
      BADGE.test(line) ? 'badge' : TOC.test(line) ? 'toc' : DEFINITION.test(line) ? 'definition' : namesSection && LIST_ITEM.test(line) ? 'names' : undefined,
    );
  }
  return out;
}

/** Tokens of boilerplate lines over all tokens. */
export function boilerplateShare(md: string): number {
  const kinds = boilerplate(md);
  const lines = md.split('\n');
  const total = countTokens(md);
  const boiler = lines.reduce((s, l, i) => s + (kinds[i] ? countTokens(l) : 0), 0);
  return total === 0 ? 0 : boiler / total;
}

const norm = (s: string) => s.replace(/\s+/gu, ' ').trim();
const SENTENCE_SPLIT = /(?<=[.!?]["'”’)\]]*)\s+(?=\S)/u;

/**
 * Prose segments of a text: paragraphs (hard line wraps joined; each list item its own), without
 * code, headings, tables, HTML and boilerplate, split at markers and then into sentences.
 */
export function proseSegments(text: string, markdown: boolean): string[] {
  const kinds = markdown ? boilerplate(text) : [];
  const lines = text.split('\n');
  const paragraphs: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length) paragraphs.push(current.join(' '));
    current = [];
  };
  let inCode: string | undefined;
  lines.forEach((line, i) => {
    if (markdown) {
      const fence = FENCE_OPEN.exec(line);
      if (inCode) {
        if (line.trimStart().startsWith(inCode)) inCode = undefined;
        return;
      }
      if (fence) {
        flush();
        inCode = fence[2]!;
        return;
      }
      if (kinds[i] || HEADING.test(line) || /^\s*\|/u.test(line) || /^\s*</u.test(line)) {
        flush();
        return;
      }
      if (LIST_ITEM.test(line)) {
        flush();
        current.push(line.replace(LIST_ITEM, ''));
        return;
      }
    }
    if (line.trim() === '' || line.trim() === PLACEHOLDER) {
      flush();
      if (line.trim() === PLACEHOLDER) paragraphs.push(PLACEHOLDER);
      return;
    }
    current.push(line.trim());
  });
  flush();
  return paragraphs
    .flatMap((p) => p.split(PLACEHOLDER))
    .flatMap((piece) => piece.split(SENTENCE_SPLIT))
    .map(norm)
    .filter((s) => /\p{L}/u.test(s));
}

/** Share of the output's prose segments that are whole sentences of the input (NaN when none). */
export function wholeSentenceShare(input: string, output: string, markdown: boolean): { whole: number; segments: number } {
  const sentences = new Set(proseSegments(input, markdown));
  const segs = proseSegments(output, markdown);
  return { whole: segs.filter((s) => sentences.has(s)).length, segments: segs.length };
}

const GLUE = new Set('a an the of in on at to for from by with and or but is are was were be been it its as that this these those which who what when where there their they he she his her we our you your i my so than then also into over under up out about after before if do does did has have had not no all any each may can will shall must such'.split(' '));

/** The subject proxy of a sentence: its first content word (3+ letters, not a glue word), other than `except`. */
export function subjectOf(sentence: string, except: string): string | undefined {
  for (const m of sentence.matchAll(/[\p{L}][\p{L}'-]{2,}/gu)) {
    if (!GLUE.has(m[0].toLowerCase()) && m[0] !== except && !except.includes(m[0])) return m[0];
  }
  return undefined;
}

/** The input sentences (wrapped lines joined) as plain strings. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n[ \t]*\n/u)
    .map((p) => p.replace(/\s*\n\s*/gu, ' '))
    .flatMap((p) => p.split(SENTENCE_SPLIT))
    .map(norm)
    .filter((s) => s.length > 0);
}

/** Output pieces between markers and paragraph breaks, lines joined: what reads as one stretch. */
export function outputPieces(output: string): string[] {
  return output
    .split(PLACEHOLDER)
    .flatMap((p) => p.split(/\n[ \t]*\n/u))
    .map(norm)
    .filter((p) => p.length > 0);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
/** Where `piece` (whitespace-normalised) sits in `input`, whitespace matching any whitespace. */
function locate(input: string, piece: string): { start: number; end: number } | undefined {
  const m = new RegExp(piece.split(' ').map(escape).join('\\s+'), 'u').exec(input);
  return m ? { start: m.index, end: m.index + m[0].length } : undefined;
}
/** A line break that ends a line of its own (short, or closing a clause), not a hard wrap inside a sentence. */
const lineEnds = (line: string) => line.trim().length < 40 || /[.!?:;]["'”’)\]]*$/u.test(line.trimEnd());

/**
 * Sides of kept pieces that cut into a sentence (before the piece, the input's text does not end a
 * sentence, a paragraph or a line of its own; after it, the same), and how many of those carry a
 * `[...]` on that side. Plain text (paragraphs); a piece the input does not hold is skipped.
 */
export function cutSides(input: string, output: string): { cuts: number; marked: number } {
  let cuts = 0;
  let marked = 0;
  for (const paragraph of output.split(/\n[ \t]*\n/u)) {
    const pieces = paragraph.replace(/\s*\n\s*/gu, ' ').split(PLACEHOLDER).map(norm);
    pieces.forEach((piece, i) => {
      if (!/\p{L}|\p{N}/u.test(piece)) return;
      const at = locate(input, piece);
      if (!at) return;
      const before = input.slice(Math.max(0, at.start - 300), at.start);
      const lineBefore = before.slice(before.lastIndexOf('\n', before.trimEnd().length - 1) + 1);
      const leftWhole = !/\S/u.test(before) || /[.!?]["'”’)\]]*\s+$/u.test(before) || /\n[ \t]*\n\s*$/u.test(before) || (/\n[ \t]*$/u.test(before) && lineEnds(lineBefore));
      if (!leftWhole) {
        cuts++;
        if (i > 0) marked++;
      }
      const after = input.slice(at.end, at.end + 300);
      const lineStart = input.lastIndexOf('\n', at.end - 1) + 1;
      const rightWhole = !/\S/u.test(after) || /[.!?:;]["'”’)\]]*$/u.test(piece) || /^[ \t]*\n[ \t]*\n/u.test(after) || (/^[ \t]*\n/u.test(after) && lineEnds(input.slice(lineStart, at.end)));
      if (!rightWhole) {
        cuts++;
        if (i < pieces.length - 1) marked++;
      }
    });
  }
  return { cuts, marked };
}

/**
 * Whether a kept number or date stands with a word it quantifies: the output (whitespace
 * normalised) holds it next to one of its neighbouring content words in the input ("5 business",
 * "grew 12%"). Measures fine mode's number-with-its-word rule.
 */
export function withItsWord(input: string, output: string, fact: string): boolean {
  const flat = norm(input);
  const out = norm(output);
  const esc = fact.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  for (const m of flat.matchAll(new RegExp(`(?:(\\S+) )?${esc}(?: (\\S+))?`, 'gu'))) {
    for (const [word, pair] of [[m[1], `${m[1]} ${fact}`], [m[2], `${fact} ${m[2]}`]] as const) {
      const bare = word?.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '');
      if (bare && /^\p{L}{2,}$/u.test(bare) && !GLUE.has(bare.toLowerCase()) && out.includes(pair)) return true;
    }
  }
  return false;
}

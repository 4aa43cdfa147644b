import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { frontmatter } from 'micromark-extension-frontmatter';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import { markdownBlocks } from '../../../../server/compression/engine/split/markdown-blocks.js';
import type { Block, Sentence, Span } from '../../../../server/compression/engine/split/segment.js';

// ---- helpers ---------------------------------------------------------------------------------

interface Node {
  type: string;
  position?: { start: { offset?: number }; end: { offset?: number } };
  children?: Node[];
}

interface Found {
  node: Node;
  span: Span;
  ancestors: Node[];
}

/** All mdast nodes of the document with their spans (offsets into `text`, BOM included). */
function nodesOf(text: string): Found[] {
  const base = text.startsWith('\uFEFF') ? 1 : 0;
  const root = fromMarkdown(base ? text.slice(1) : text, {
    extensions: [gfm(), frontmatter(['yaml', 'toml'])],
    mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(['yaml', 'toml'])],
  }) as Node;
  const out: Found[] = [];
  const visit = (node: Node, ancestors: Node[]) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start !== undefined && end !== undefined) out.push({ node, span: { start: start + base, end: end + base }, ancestors });
    for (const child of node.children ?? []) visit(child, [...ancestors, node]);
  };
  visit(root, []);
  return out;
}

const slice = (text: string, s: Span) => text.slice(s.start, s.end);
const sentencesOf = (blocks: Block[]) => blocks.flatMap((b) => b.sentences);
const trimEnd = (text: string, s: Span): number => {
  let end = s.end;
  while (end > s.start && /\s/u.test(text[end - 1]!)) end--;
  return end;
};
const lineStartOf = (text: string, i: number): number => {
  while (i > 0 && text[i - 1] !== '\n' && text[i - 1] !== '\r') i--;
  return i;
};

/** The first sentence whose end lies after `at` (sentences are sorted and disjoint). */
function sentenceAfter(sentences: Sentence[], at: number): Sentence | undefined {
  let lo = 0;
  let hi = sentences.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sentences[mid]!.end <= at) lo = mid + 1;
    else hi = mid;
  }
  return sentences[lo];
}

/** The sentence holding a node verbatim: same end, and only whitespace or its prefix before the node. */
function holder(text: string, sentences: Sentence[], span: Span): Sentence | undefined {
  const end = trimEnd(text, span);
  const s = sentenceAfter(sentences, end - 1);
  if (!s || s.end !== end || s.start > span.start) return undefined;
  return /^\s*$/u.test(text.slice(s.start, span.start)) || s.prefix?.end === span.start ? s : undefined;
}

/** Structural invariants every segmentation must satisfy; returns what is wrong. */
function shapeErrors(text: string, blocks: Block[]): string[] {
  const errors: string[] = [];
  const fail = (what: string, s: Span) => errors.push(`${what} at ${s.start}: ${JSON.stringify(slice(text, s).slice(0, 40))}`);
  let at = 0;
  for (const block of blocks) {
    if (block.start < at || block.end <= block.start || block.end > text.length) fail('block out of order', block);
    if (block.sentences.length === 0) fail('empty block', block);
    let inner = block.start;
    for (const s of block.sentences) {
      if (s.start < inner || s.end <= s.start || s.end > block.end) fail('sentence out of order', s);
      let tokenAt = s.start;
      if (s.prefix) {
        // Its own line start, or (a list item's continuation line) the item's bullet before it.
        const own = s.prefix.start === s.start;
        if (s.prefix.end <= s.prefix.start || (own ? s.prefix.end > s.end : s.prefix.end > s.start)) fail('bad prefix', s);
        if (own) tokenAt = s.prefix.end;
      }
      if (s.atomic && s.pieces.length > 0) fail('atomic sentence with tokens', s);
      for (const t of s.pieces) {
        if (t.start < tokenAt || t.end <= t.start || t.end > s.end) fail('token out of order', t);
        tokenAt = t.end;
      }
      inner = s.end;
    }
    at = block.end;
  }
  return errors;
}

/** Every non-whitespace character of the input lies in some sentence: returns what does not. */
function uncovered(text: string, blocks: Block[]): string[] {
  const lost: string[] = [];
  let at = 0;
  const note = (from: number, to: number) => {
    const gap = text.slice(from, to);
    if (/\S/u.test(gap)) lost.push(gap.trim().slice(0, 40));
  };
  for (const s of sentencesOf(blocks)) {
    note(at, s.start);
    at = Math.max(at, s.end);
  }
  note(at, text.length);
  return lost;
}

const STRICT_PREFIX = /^\s*([-*+]|\d+[.)])\s/u;
/** Inside a quote or on a line shared with an outer item the prefix also holds those markers. */
const NESTED_PREFIX = /^(?:\s*(?:>|(?:[-*+]|\d+[.)])(?=\s)))*\s*([-*+]|\d+[.)])\s/u;
const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'tableCell']);
const WHOLE = new Set(['link', 'image', 'inlineCode', 'linkReference', 'imageReference']);

/** Invariants tying the segmentation to the mdast tree; returns what is wrong. */
function treeErrors(text: string, blocks: Block[]): string[] {
  const errors: string[] = [];
  const sentences = sentencesOf(blocks);
  // Every place a cut can happen: sentence and token edges.
  const cuts = [...new Set(sentences.flatMap((s) => [s.start, s.end, ...s.pieces.flatMap((t) => [t.start, t.end])]))].sort((a, b) => a - b);
  const cutInside = (span: Span) => {
    let lo = 0;
    let hi = cuts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cuts[mid]! <= span.start) lo = mid + 1;
      else hi = mid;
    }
    return lo < cuts.length && cuts[lo]! < span.end;
  };
  const nodes = nodesOf(text);
  const spanOf = new Map(nodes.map((f) => [f.node, f.span]));
  for (const { node, span, ancestors } of nodes) {
    const where = `${node.type} at ${span.start}: ${JSON.stringify(slice(text, span).slice(0, 60))}`;
    const expectHolder = (required: boolean) => {
      const s = holder(text, sentences, span);
      if (!s) errors.push(`no sentence holds ${where}`);
      else if (!s.atomic || (s.required ?? false) !== required) errors.push(`wrong flags for ${where}`);
    };
    switch (node.type) {
      case 'heading':
      case 'yaml':
      case 'toml':
      case 'thematicBreak':
        expectHolder(true);
        break;
      case 'definition':
        // Not required: kept as the companion of the sentences whose references use it.
        expectHolder(false);
        break;
      case 'code': {
        // A top-level fenced block of two or more lines is cut along its lines between its fences; the rest are atomic.
        const s = holder(text, sentences, span);
        if (s?.shortenable) {
          if (s.atomic || s.required || !s.prefix || s.companions?.length !== 1 || s.pieces.length < 2) errors.push(`bad shortenable code ${where}`);
        } else expectHolder(false);
        break;
      }
      case 'html':
        // Inline HTML lives inside phrasing content; flow HTML is a block of its own.
        if (!ancestors.some((a) => PHRASING_PARENTS.has(a.type))) expectHolder(false);
        break;
      case 'table': {
        const header = spanOf.get(node.children![0]!)!;
        const h = sentenceAfter(sentences, header.start);
        if (!h || h.start > header.start || h.end < header.end || !h.atomic || !h.required) {
          errors.push(`header row not required: ${where}`);
          break;
        }
        const d = sentenceAfter(sentences, h.end);
        if (!d || !d.atomic || !d.required || !/^[\s>]*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$/u.test(slice(text, d))) {
          errors.push(`delimiter row not required: ${where}`);
        }
        break;
      }
      case 'listItem': {
        // The item's first content: below any list, item or quote opening on the same line.
        let first: Node | undefined = node.children?.[0];
        while (first && ['list', 'listItem', 'blockquote'].includes(first.type)) first = first.children?.[0];
        const firstSpan = first && spanOf.get(first);
        if (!firstSpan) break; // an empty item (`-`): a bare atomic sentence
        const s = sentenceAfter(sentences, firstSpan.start);
        if (!s?.prefix || s.start > firstSpan.start || s.prefix.end !== firstSpan.start) {
          errors.push(`no prefix for ${where}`);
          break;
        }
        const prefix = slice(text, s.prefix);
        const plain =
          !ancestors.some((a) => a.type === 'blockquote') &&
          /^\s*$/u.test(text.slice(lineStartOf(text, span.start), span.start)) &&
          lineStartOf(text, span.start) === lineStartOf(text, firstSpan.start);
        if (!(plain ? STRICT_PREFIX : NESTED_PREFIX).test(prefix)) errors.push(`bad prefix ${JSON.stringify(prefix)} for ${where}`);
        break;
      }
      default:
        if (WHOLE.has(node.type) && cutInside(span)) errors.push(`cut inside ${where}`);
    }
  }
  return errors;
}

function check(text: string, blocks: Block[]): void {
  expect(shapeErrors(text, blocks)).toEqual([]);
  expect(uncovered(text, blocks)).toEqual([]);
  expect(treeErrors(text, blocks)).toEqual([]);
}

// ---- real markdown ---------------------------------------------------------------------------

const NODE_MODULES = [
  'vite/LICENSE.md',
  'ioredis/README.md',
  '@xenova/transformers/README.md',
  'type-fest/readme.md',
  'pino/docs/api.md',
  'pino/docs/transports.md',
  'pino/docs/browser.md',
  'form-data/CHANGELOG.md',
  'qs/README.md',
  'qs/CHANGELOG.md',
  'openapi-typescript/CHANGELOG.md',
  'openapi-fetch/CHANGELOG.md',
  'object-inspect/CHANGELOG.md',
  'expect-type/README.md',
  'formidable/README.md',
  'protobufjs/README.md',
  'onnxruntime-web/docs/operators.md',
  'picomatch/README.md',
  '@paralleldrive/cuid2/README.md',
  'semver/README.md',
  'source-map-js/README.md',
  'mdast-util-to-markdown/readme.md',
  'mdast-util-gfm-table/readme.md',
  'mdast-util-from-markdown/readme.md',
  'mdast-util-frontmatter/readme.md',
  'micromark-extension-gfm-footnote/readme.md',
  'micromark-extension-gfm-table/readme.md',
  'micromark-extension-gfm-task-list-item/readme.md',
  'markdown-table/readme.md',
  'debug/README.md',
  'body-parser/README.md',
  'router/README.md',
  'gpt-tokenizer/README.md',
  '@noble/hashes/README.md',
  'cookie/README.md',
  'kysely/README.md',
  'jsonc-parser/README.md',
  'multer/README.md',
  'pino-http/README.md',
  'ajv/README.md',
  'express/Readme.md',
  'rate-limiter-flexible/README.md',
  'safer-buffer/Porting-Buffer.md',
  'magic-string/README.md',
  'es-module-lexer/README.md',
].map((p) => `node_modules/${p}`);

const SYSTEM_DOCS = [
  '/usr/share/doc/zstd/TESTING.md',
  '/usr/share/doc/zstd/CODE_OF_CONDUCT.md',
  '/usr/share/doc/procps/bugs.md',
  '/usr/share/doc/python3-httplib2/README.md',
  '/usr/share/doc/python3-yaml/README.md',
  '/usr/share/doc/zstd/README.md.gz',
  '/usr/share/doc/zstd/CONTRIBUTING.md.gz',
  '/usr/share/doc/redis-server/README.md.gz',
];

const read = (path: string): string => (path.endsWith('.gz') ? gunzipSync(readFileSync(path)).toString('utf8') : readFileSync(path, 'utf8'));
const FILES = [...NODE_MODULES, ...SYSTEM_DOCS].filter((p) => existsSync(p));

describe('markdownBlocks on real markdown', () => {
  it('has at least 30 documents to check', () => {
    expect(FILES.filter((f) => f.startsWith('node_modules/')).length).toBeGreaterThanOrEqual(30);
  });

  it.each(FILES)('%s', (path) => {
    const text = read(path);
    const blocks = markdownBlocks(text);
    check(text, blocks);
    // Real documents are parsed, not sent to the fallback: some structure is recognised.
    expect(blocks.some((b) => b.kind !== 'paragraph')).toBe(true);
  });

  it('parses the largest document into structure', () => {
    const largest = FILES.map(read).sort((a, b) => b.length - a.length)[0]!;
    const blocks = markdownBlocks(largest);
    expect(uncovered(largest, blocks)).toEqual([]);
    expect(blocks.some((b) => b.kind !== 'paragraph')).toBe(true);
  });
});

// ---- focused cases ---------------------------------------------------------------------------

/** Sentences as [text, flags, prefix, tokens] for readable expectations. */
function view(text: string) {
  const blocks = markdownBlocks(text);
  check(text, blocks);
  return blocks.map((b) => ({
    kind: b.kind,
    sentences: b.sentences.map((s) => ({
      text: slice(text, s),
      flags: `${s.atomic ? 'atomic' : 'prose'}${s.required ? '+required' : ''}`,
      prefix: s.prefix ? slice(text, s.prefix) : undefined,
      tokens: s.pieces.map((t) => slice(text, t)),
    })),
  }));
}

describe('markdownBlocks focused cases', () => {
  it('keeps a nested list item apart from its parent, each with its own prefix', () => {
    const [list] = view('- outer item text\n  - inner item text\n    1. deepest\n- next\n');
    expect(list!.kind).toBe('list');
    expect(list!.sentences.map((s) => [s.text, s.prefix])).toEqual([
      ['- outer item text', '- '],
      ['  - inner item text', '  - '],
      ['    1. deepest', '    1. '],
      ['- next', '- '],
    ]);
    expect(list!.sentences[0]!.tokens).toEqual(['outer', 'item', 'text']);
  });

  it('puts a task item checkbox in the prefix', () => {
    const [list] = view('- [ ] write tests\n- [x] ship it\n');
    expect(list!.sentences.map((s) => s.prefix)).toEqual(['- [ ] ', '- [x] ']);
    expect(list!.sentences[1]!.tokens).toEqual(['ship', 'it']);
  });

  it('splits a long item into sentences; the first carries the prefix, a continuation line the bullet', () => {
    const [list] = view('1. First point here. Second point there.\n   Third line.\n');
    expect(list!.sentences.map((s) => [s.text, s.prefix])).toEqual([
      ['1. First point here.', '1. '],
      ['Second point there.', undefined],
      ['Third line.', '1. '],
    ]);
  });

  it('gives code inside a list item its own atomic sentence with the item prefix', () => {
    const [list] = view('- ```sh\n  npm i\n  ```\n- plain\n');
    expect(list!.sentences[0]).toMatchObject({ text: '- ```sh\n  npm i\n  ```', flags: 'atomic', prefix: '- ', tokens: [] });
  });

  it('makes table header and alignment rows required, body rows atomic', () => {
    const [table] = view('| Name | Size |\n|:-----|-----:|\n| a b | 1 |\n| c | 2 |\n');
    expect(table!.kind).toBe('table');
    expect(table!.sentences.map((s) => [s.text, s.flags])).toEqual([
      ['| Name | Size |', 'atomic+required'],
      ['|:-----|-----:|', 'atomic+required'],
      ['| a b | 1 |', 'atomic'],
      ['| c | 2 |', 'atomic'],
    ]);
  });

  it('keeps a setext heading with its underline as one required sentence', () => {
    const blocks = view('Big Title\n=========\n\nSmaller one\n---\n\nText.\n');
    expect(blocks.slice(0, 2).map((b) => [b.kind, b.sentences.map((s) => [s.text, s.flags])])).toEqual([
      ['heading', [['Big Title\n=========', 'atomic+required']]],
      ['heading', [['Smaller one\n---', 'atomic+required']]],
    ]);
  });

  it('keeps YAML and TOML front matter required', () => {
    expect(view('---\ntitle: x\ntags: [a, b]\n---\n\n# Hi\n')[0]).toEqual({
      kind: 'frontmatter',
      sentences: [{ text: '---\ntitle: x\ntags: [a, b]\n---', flags: 'atomic+required', prefix: undefined, tokens: [] }],
    });
    expect(view('+++\ntitle = "x"\n+++\n\nBody.\n')[0]!.kind).toBe('frontmatter');
  });

  it('merges sentences around a link that spans a line break and keeps it one token', () => {
    const [para] = view('Read [the full\ndocs](https://example.com/docs) first. Then go.\n');
    expect(para!.sentences.map((s) => [s.text, s.tokens])).toEqual([
      ['Read [the full\ndocs](https://example.com/docs) first.', ['Read', '[the full\ndocs](https://example.com/docs)', 'first.']],
      ['Then go.', ['Then', 'go.']],
    ]);
  });

  it('never splits inside a link whose text holds a sentence end', () => {
    const [para] = view('See [Dr. Who. Again](u) now. Use `a. b` too, and ![an image](i.png).\n');
    expect(para!.sentences.map((s) => s.text)).toEqual(['See [Dr. Who. Again](u) now.', 'Use `a. b` too, and ![an image](i.png).']);
    expect(para!.sentences[1]!.tokens).toEqual(['Use', '`a. b`', 'too,', 'and', '![an image](i.png).']);
  });

  it('keeps a short emphasis whole but cuts a long one into words', () => {
    const long = `*${'many words here '.repeat(6).trim()}*`;
    const [short, longPara] = view(`This is **really quite important** (see <https://x.io>).\n\n${long} end.\n`);
    expect(short!.sentences[0]!.tokens).toEqual(['This', 'is', '**really quite important**', '(see', '<https://x.io>).']);
    expect(longPara!.sentences[0]!.tokens.length).toBeGreaterThan(10);
  });

  it('keeps an unclosed fence as one atomic sentence to the end', () => {
    const blocks = view('Intro.\n\n```js\nconst a = 1;\n\nmore code\n');
    expect(blocks.at(-1)).toMatchObject({ kind: 'code', sentences: [{ text: '```js\nconst a = 1;\n\nmore code', flags: 'atomic' }] });
  });

  it('gives each quote line its own > prefix and joins > separator lines to the next paragraph', () => {
    const [quote] = view('> First line of it.\n> Second line.\n>\n> New paragraph.\n');
    expect(quote!.kind).toBe('quote');
    expect(quote!.sentences.map((s) => [s.text, s.prefix, s.tokens])).toEqual([
      ['> First line of it.', '> ', ['First', 'line', 'of', 'it.']],
      ['> Second line.', '> ', ['Second', 'line.']],
      ['>\n> New paragraph.', '>\n> ', ['New', 'paragraph.']],
    ]);
  });

  it('treats html, rules and link definitions as atomic structure; a definition follows its references', () => {
    const md = '<div align="center">\n  <img src="x.png">\n</div>\n\n***\n\nA [ref][id].\n\n[id]: https://example.com "Title"\n\n[unused]: https://example.org\n';
    const blocks = view(md);
    expect(blocks.map((b) => [b.kind, b.sentences[0]!.flags])).toEqual([
      ['html', 'atomic'],
      ['rule', 'atomic+required'],
      ['paragraph', 'prose'],
      ['paragraph', 'atomic'],
      ['paragraph', 'atomic'],
    ]);
    expect(blocks[2]!.sentences[0]!.tokens).toEqual(['A', '[ref][id].']);
    const raw = markdownBlocks(md);
    expect(raw[3]!.sentences[0]!.dependent).toBe(true);
    expect(raw[2]!.sentences[0]!.companions).toEqual([{ start: raw[3]!.start, end: raw[3]!.end }]);
    expect(raw[4]!.sentences[0]!.dependent).toBe(true);
  });

  it('keeps indentation of an indented code block', () => {
    const blocks = view('Text:\n\n    indented code\n    more\n');
    expect(blocks[1]).toMatchObject({ kind: 'code', sentences: [{ text: '    indented code\n    more', flags: 'atomic' }] });
  });

  it('handles CRLF line endings and a byte-order mark', () => {
    const text = '\uFEFF# Title\r\n\r\n- one\r\n- two\r\n\r\n| a |\r\n|---|\r\n| b |\r\n';
    const blocks = view(text);
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'list', 'table']);
    expect(blocks[0]!.sentences[0]!.text).toBe('# Title');
    expect(blocks[2]!.sentences.map((s) => s.flags)).toEqual(['atomic+required', 'atomic+required', 'atomic']);
  });

  it('returns nothing for empty or blank input', () => {
    expect(markdownBlocks('')).toEqual([]);
    expect(markdownBlocks(' \n\n\t ')).toEqual([]);
  });
});

describe('markdownBlocks on hostile input', () => {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const bytes = Array.from({ length: 20000 }, () => String.fromCharCode(Math.floor(random() * 256))).join('');
  const syntax = Array.from({ length: 20000 }, () => '[]()*_`#>-+ \n|!<:~=\\'[Math.floor(random() * 21)]).join('');

  it.each([
    ['10k nested quotes', `${'>'.repeat(10000)} deep`],
    ['10k nested bullets', `${'- '.repeat(10000)}deep`],
    ['5k nested numbers', `${'1. '.repeat(5000)}deep`],
    ['deep indentation nesting', Array.from({ length: 300 }, (_, i) => `${' '.repeat(2 * i)}- x`).join('\n')],
    ['random bytes', bytes],
    ['random markdown syntax', syntax],
    ['unclosed everything', '```\n<div>\n[a](b\n**c\n> d\n- e\n| f |\n|---|'],
    ['lone surrogates and NULs', '# a\uD800b\n\n\u0000text\uDFFF here.\n'],
    ['huge input', 'word '.repeat(120_000)],
  ])('%s: never throws, covers everything', (_name, text) => {
    const blocks = markdownBlocks(text);
    expect(shapeErrors(text, blocks)).toEqual([]);
    expect(uncovered(text, blocks)).toEqual([]);
  });
});

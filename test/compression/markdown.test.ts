import { readFileSync } from 'node:fs';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useApiKey } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();
const key = useApiKey(() => t().app);

type Node = { type: string; position?: { start: { offset?: number }; end: { offset?: number } }; children?: Node[]; url?: string; value?: string; depth?: number };
function walk(node: Node, visit: (n: Node) => void): void {
  visit(node);
  for (const c of node.children ?? []) walk(c, visit);
}
/** The structure a reader relies on: heading lines, code blocks, table header lines, links and images. */
function structure(md: string) {
  const tree = fromMarkdown(md, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }) as unknown as Node;
  const raw = (n: Node) => md.slice(n.position!.start.offset, n.position!.end.offset);
  const out = { headings: [] as string[], code: [] as string[], tableHeads: [] as string[], links: [] as string[] };
  walk(tree, (n) => {
    if (n.type === 'heading') out.headings.push(raw(n));
    if (n.type === 'code') out.code.push(raw(n));
    if (n.type === 'table') out.tableHeads.push(raw(n).split('\n').slice(0, 2).join('\n'));
    if (n.type === 'link' || n.type === 'image') out.links.push(raw(n));
  });
  return out;
}

const README = ['kysely/README.md', 'pino/README.md', 'express/Readme.md', 'vitest/README.md', 'yaml/README.md', 'ioredis/README.md'].map((f) => ({
  f,
  md: readFileSync(new URL(`../../node_modules/${f}`, import.meta.url), 'utf8'),
}));

const compress = (context: string, ratio: number, extra: object = {}) =>
  request(t().app).post('/api/compress/markdown').set('X-API-Key', key()).send({ context, compression_model_name: 'markdown_v1', target_compression_ratio: ratio, ...extra });

// A README's answer at a ratio, asked once: the prose and code-block checks read the structure
// check's 2x and 10x answers (each asked for them: six READMEs through the model twice).
const answers = new Map<string, Promise<request.Response>>();
const readmeAt = (f: string, md: string, ratio: number) => {
  const at = `${f}@${ratio}`;
  if (!answers.has(at)) answers.set(at, compress(md, ratio).then((res) => res));
  return answers.get(at)!;
};

/** Whether `out` is fenced code block `code` shortened to its first lines and a marker line. */
function shortenedFrom(code: string, out: string): boolean {
  const a = code.split('\n');
  const b = out.split('\n');
  const marker = b.indexOf('[...]');
  if (marker < 2 || b.length < marker + 2 || a[0] !== b[0] || a.at(-1) !== b.at(-1)) return false;
  return b.slice(1, marker).every((line, i) => line === a[i + 1]) && marker + 2 === b.length;
}

describe('markdown compression on real READMEs', () => {
  it.each([2, 4, 10])('at %dx: every heading stays in order, code blocks whole, table headers and links intact', async (ratio) => {
    for (const { f, md } of README) {
      const res = await readmeAt(f, md, ratio);
      expect(res.status).toBe(200);
      const out: string = res.body.data.compressed_context;
      const before = structure(md);
      const after = structure(out);
      // Trailing spaces of a heading line are not part of it (they stay only beside a kept next line).
      expect(after.headings.map((h) => h.trimEnd()), f).toEqual(before.headings.map((h) => h.trimEnd()));
      // A code block is verbatim, or shortened inside: its first lines, a `[...]` line, the closing fence.
      for (const code of after.code) expect(before.code.some((c) => c === code || shortenedFrom(c, code)), `${f}: ${code.slice(0, 60)}`).toBe(true);
      expect((out.match(/^\s{0,3}(```|~~~)/gmu) ?? []).length % 2, f).toBe(0);
      expect(after.tableHeads, f).toEqual(before.tableHeads);
      for (const link of after.links) expect(before.links, f).toContain(link);
    }
    // Six READMEs through the route, the first also loading the model: 21-30 s on 2 shared cores.
  }, 90_000);

  it('a CRLF README (tslib) stays CRLF, markers and kept code lines included', async () => {
    const md = readFileSync(new URL('../../node_modules/tslib/README.md', import.meta.url), 'utf8');
    expect(md).toContain('\r\n');
    for (const ratio of [2, 10]) {
      const out: string = (await compress(md, ratio)).body.data.compressed_context;
      expect(out, `${ratio}x`).toContain('[...]');
      expect(out.replaceAll('\r\n', ''), `${ratio}x`).not.toContain('\n');
    }
  });

  it('at 10x more code blocks survive (whole or shortened to a first line and a marker) than first-N keeps', async () => {
    for (const { f, md } of README) {
      const res = await readmeAt(f, md, 10);
      const before = structure(md).code;
      const after = structure(res.body.data.compressed_context).code;
      const kept = before.filter((c) => after.some((o) => o === c || shortenedFrom(c, o))).length;
      const firstN = structure(md.slice(0, Math.round(md.length / 10))).code.filter((c) => before.includes(c)).length;
      expect(kept, f).toBeGreaterThanOrEqual(firstN);
      if (before.length >= 4) expect(kept, f).toBeGreaterThanOrEqual(Math.ceil(before.length / 4));
    }
  }, 60_000);

  it('shrinks the prose: the output is smaller than the input at 2x on every README', async () => {
    for (const { f, md } of README) {
      const res = await readmeAt(f, md, 2);
      expect(res.status).toBe(200);
      expect(res.body.data.compressed_tokens, f).toBeLessThan(res.body.data.original_tokens);
    }
  });

  it('list items keep their bullet or number and indentation', async () => {
    const md = [
      '# Setup',
      '',
      '1. Install the package with the package manager of your choice, which usually takes a minute.',
      '2. Create a configuration file in the project root and fill in your database credentials.',
      '   - The host defaults to localhost when it is not given in the configuration file.',
      '   - The port defaults to 5432, the standard PostgreSQL port that most servers listen on.',
      '3. Start the server and open the dashboard in a browser to check that everything works.',
    ].join('\n');
    const res = await compress(md, 2, { disable_placeholders: true });
    const out: string = res.body.data.compressed_context;
    expect(out.startsWith('# Setup')).toBe(true);
    for (const line of out.split('\n').slice(1).filter((l) => l.trim())) expect(line, out).toMatch(/^(\d\. |   - )/u);
  });

  it('front matter stays verbatim', async () => {
    const md = `---\ntitle: Release notes\ndate: 2026-11-01\n---\n\n# Changes\n\n${README[0]!.md.slice(2000, 5000)}`;
    const res = await compress(md, 4);
    expect(res.body.data.compressed_context.startsWith('---\ntitle: Release notes\ndate: 2026-11-01\n---')).toBe(true);
  });

  it('a query is a 422 validation_error', async () => {
    const res = await compress('# A\n\nText.', 2, { query: 'what?' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'validation_error', field: 'query' });
  });
});

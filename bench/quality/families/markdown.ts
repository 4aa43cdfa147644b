/**
 * Markdown benchmark (`npm run bench:quality -- --family markdown`): whether markdown_v1 keeps a
 * document's structure intact on real files (heading outline, fenced code blocks, table headers,
 * links and images), how closely it meets the ratio, and how long a file takes.
 *
 * Files: every *.md under node_modules and /usr/share/doc (*.md.gz there read decompressed),
 * 1 KB..200 KB, deduplicated by content; a seeded sample of 300 of them by default (the scoring
 * of all of them takes longer than a full run should on 2 cores).
 * Flags: --limit N (files; default 300), --models DIR, --out DIR, --seed S.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { MODEL_CATALOG } from '../../../server/catalog/model-catalog.js';
import { markdown } from '../../../server/compression/question-agnostic.js';
import { countTokens } from '../../../server/compression/engine/text/tokens.js';
import { rng } from '../../lib/squad.js';
import { codeBlocks, codeFate } from '../real-inputs/prose/measures.js';
import { adherence, budgetFor, createBench, familyArgs, machineHeader, mean, parseMarkdown, pct, quantile, Report, shuffled, walkFiles, walkMd, type FamilyMain } from '../../lib/common.js';

const NX = [2, 4];
const DEFAULT_FILES = 300;

/** Real markdown files on this machine, deduplicated by content, 1 KB..200 KB. */
function markdownFiles(): Array<{ file: string; text: string }> {
  const files = [
    ...walkFiles('node_modules', (name) => /\.md$/iu.test(name)),
    ...walkFiles('/usr/share/doc', (name) => /\.md(\.gz)?$/iu.test(name)),
  ];
  const seen = new Set<string>();
  const out: Array<{ file: string; text: string }> = [];
  for (const file of files) {
    let text: string;
    try {
      const buf = readFileSync(file);
      text = (file.endsWith('.gz') ? gunzipSync(buf) : buf).toString('utf8');
    } catch {
      continue;
    }
    const bytes = Buffer.byteLength(text);
    if (bytes < 1024 || bytes > 200 * 1024 || seen.has(text)) continue;
    seen.add(text);
    out.push({ file, text });
  }
  return out;
}

interface Structure {
  headings: string[];
  code: string[];
  /** Fenced code blocks that do not close (run to the end of the document). */
  unclosedFences: number;
  tableHeads: string[];
  links: string[];
  /** URLs of link reference definitions (`[label]: url`). */
  definitions: Set<string>;
}

/** A fenced block's raw text closes with a fence of its own character, at least as long as the opener. */
function fenceCloses(raw: string): boolean {
  const open = /^[ \t]{0,3}(`{3,}|~{3,})/u.exec(raw);
  if (!open) return true; // indented code
  const lines = raw.trimEnd().split('\n');
  if (lines.length < 2) return false;
  // The closing line, without a block quote's markers or a list item's indentation.
  const last = lines.at(-1)!.replace(/^(?:\s*>)+/u, '').trim();
  const ch = open[1]![0]!;
  return last.length >= open[1]!.length && [...last].every((c) => c === ch);
}

/** Trailing whitespace is invisible in rendered markdown: heading and table lines are compared without it. */
const trimLines = (s: string) => s.split('\n').map((l) => l.trimEnd()).join('\n');

/** What a reader relies on, as raw text of the document (positions from mdast + GFM). */
export function structure(md: string): Structure {
  const out: Structure = { headings: [], code: [], unclosedFences: 0, tableHeads: [], links: [], definitions: new Set() };
  const tree = parseMarkdown(md);
  const raw = (n: { position?: { start: { offset?: number }; end: { offset?: number } } }) => md.slice(n.position!.start.offset, n.position!.end.offset);
  walkMd(tree, (n) => {
    if (n.type === 'heading') out.headings.push(trimLines(raw(n)));
    if (n.type === 'code') {
      const r = raw(n);
      out.code.push(r);
      if (!fenceCloses(r)) out.unclosedFences++;
    }
    if (n.type === 'table') out.tableHeads.push(trimLines(raw(n).split('\n').slice(0, 2).join('\n')));
    if (n.type === 'link' || n.type === 'image') out.links.push(raw(n));
    if (n.type === 'definition' && n.url !== undefined) out.definitions.add(n.url);
  });
  return out;
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

type Check = 'outline' | 'code' | 'tables' | 'links';
const CHECKS: Check[] = ['outline', 'code', 'tables', 'links'];

interface Cell {
  files: number;
  pass: Record<Check | 'all', number>;
  /** Files where the check applies (code: the input's own fences close). */
  applies: Record<Check, number>;
  adherence: number[];
  adherenceFits: number[];
  keptFraction: number[];
  structureOver: number;
  overTarget: number;
  ms: number[];
  failures: Array<{ file: string; check: Check; detail: string }>;
}
const cell = (): Cell => ({
  files: 0,
  pass: { outline: 0, code: 0, tables: 0, links: 0, all: 0 },
  applies: { outline: 0, code: 0, tables: 0, links: 0 },
  adherence: [],
  adherenceFits: [],
  keptFraction: [],
  structureOver: 0,
  overTarget: 0,
  ms: [],
  failures: [],
});

const short = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 77)}...` : s);

function firstDifference(a: readonly string[], b: readonly string[]): string {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `#${i}: input ${a[i] === undefined ? '(none)' : short(a[i]!)} vs output ${b[i] === undefined ? '(none)' : short(b[i]!)}`;
  }
  return '';
}

export const main: FamilyMain = async (argv) => {
  const args = familyArgs(argv);
  const found = markdownFiles();
  const files = shuffled(found, rng(args.seed)).slice(0, args.limit ?? DEFAULT_FILES);
  const bench = createBench(args.models);
  const spec = MODEL_CATALOG.markdown_v1;
  const cells = new Map<number, Cell>(NX.map((nx) => [nx, cell()]));
  const started = performance.now();
  let parseErrors = 0;

  for (let i = 0; i < files.length; i++) {
    const { file, text } = files[i]!;
    const name = file.startsWith('/') ? file : path.join('.', file);
    let before: Structure;
    try {
      before = structure(text);
    } catch {
      parseErrors++;
      continue;
    }
    const original = countTokens(text);
    const structureTokens = before.headings.reduce((s, h) => s + countTokens(h), 0) + before.tableHeads.reduce((s, t) => s + countTokens(t), 0);
    for (const nx of NX) {
      const c = cells.get(nx)!;
      const options = markdown.options({ compression_model_name: 'markdown_v1', target_compression_ratio: nx, inputs: [] }, spec);
      const t0 = performance.now();
      const [r] = await bench.run(markdown, [{ context: text }], options);
      c.ms.push(performance.now() - t0);
      const out = r!.compressed;
      const after = structure(out);
      c.files++;
      const ok: Record<Check, boolean> = { outline: false, code: false, tables: false, links: false };

      c.applies.outline++;
      ok.outline = same(before.headings, after.headings);
      if (!ok.outline) c.failures.push({ file: name, check: 'outline', detail: firstDifference(before.headings, after.headings) });

      if (before.unclosedFences === 0) {
        c.applies.code++;
        const codeSet = new Set(before.code);
        // A block shortened inside (its first lines and a marker for the rest) counts as kept; line
        // endings aside (a marker takes the document's, inside a block of mixed endings).
        const lf = (t: string) => t.replaceAll('\r\n', '\n');
        const inputBlocks = codeBlocks(lf(text));
        const shortened = (raw: string) => inputBlocks.some((b) => codeFate(b, codeBlocks(lf(raw))) === 'shortened');
        const foreign = after.code.find((b) => !codeSet.has(b) && !shortened(b));
        ok.code = foreign === undefined && after.unclosedFences === 0;
        if (!ok.code) c.failures.push({ file: name, check: 'code', detail: foreign !== undefined ? `block neither verbatim nor shortened from input: ${short(foreign)}` : `${after.unclosedFences} unclosed fence(s)` });
      } else ok.code = true;

      c.applies.tables++;
      ok.tables = same(before.tableHeads, after.tableHeads);
      if (!ok.tables) c.failures.push({ file: name, check: 'tables', detail: firstDifference(before.tableHeads, after.tableHeads) });

      c.applies.links++;
      const linkSet = new Set(before.links);
      const badLink = after.links.find((l) => !linkSet.has(l));
      ok.links = badLink === undefined;
      if (!ok.links) {
        const was = before.definitions.has(badLink!) ? ' (the URL of a reference definition of the input, now read as a bare link)' : '';
        c.failures.push({ file: name, check: 'links', detail: `not a link of the input: ${short(badLink!)}${was}` });
      }

      for (const k of CHECKS) if (ok[k] && (k !== 'code' || before.unclosedFences === 0)) c.pass[k]++;
      if (CHECKS.every((k) => ok[k])) c.pass.all++;

      const tokens = r!.compressedTokens;
      const budget = budgetFor(original, nx);
      const a = adherence(original, tokens, nx);
      c.adherence.push(a);
      c.keptFraction.push(tokens / original);
      if (structureTokens > budget) c.structureOver++;
      else c.adherenceFits.push(a);
      if (tokens > budget * 1.05) c.overTarget++;
    }
    if ((i + 1) % 25 === 0) console.error(`markdown: ${i + 1}/${files.length} files, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }

  const report = new Report('markdown');
  const n = cells.get(NX[0]!)!.files;
  report.print('## markdown (markdown_v1)');
  report.print();
  report.print(machineHeader());
  report.print();
  report.print(
    `${n} real markdown files (seeded sample of ${found.length} distinct *.md files of 1-200 KB under node_modules and /usr/share/doc)${parseErrors ? `, ${parseErrors} skipped (input did not parse)` : ''}. ` +
      `Structure read with mdast-util-from-markdown + GFM (raw text from positions; trailing spaces of heading and table lines ignored); "structure" = heading lines + table header/delimiter rows.`,
  );
  report.print();
  report.table(
    'files whose structure survives (target 100%)',
    ['check', ...NX.map((nx) => `${nx}x`)],
    [
      ['heading outline unchanged', ...NX.map((nx) => pct(cells.get(nx)!.pass.outline, cells.get(nx)!.applies.outline))],
      ['code blocks verbatim or shortened with a marker, fences balanced', ...NX.map((nx) => pct(cells.get(nx)!.pass.code, cells.get(nx)!.applies.code))],
      ['table header + delimiter rows kept', ...NX.map((nx) => pct(cells.get(nx)!.pass.tables, cells.get(nx)!.applies.tables))],
      ['links/images verbatim', ...NX.map((nx) => pct(cells.get(nx)!.pass.links, cells.get(nx)!.applies.links))],
      ['all four', ...NX.map((nx) => pct(cells.get(nx)!.pass.all, cells.get(nx)!.files))],
    ],
  );
  const skippedCode = n - cells.get(NX[0]!)!.applies.code;
  if (skippedCode) report.print(`(code check: ${skippedCode} file(s) left out whose own fences do not close)\n`);
  report.table(
    'ratio and time per file',
    ['measure', ...NX.map((nx) => `${nx}x`)],
    [
      ['mean tokens kept', ...NX.map((nx) => `${(100 * mean(cells.get(nx)!.keptFraction)).toFixed(1)}%`)],
      ['mean abs(actual - target) removed fraction, all files', ...NX.map((nx) => mean(cells.get(nx)!.adherence).toFixed(3))],
      ['same, files whose structure fits the budget', ...NX.map((nx) => mean(cells.get(nx)!.adherenceFits).toFixed(3))],
      ['files whose structure alone exceeds the target', ...NX.map((nx) => `${cells.get(nx)!.structureOver} (${pct(cells.get(nx)!.structureOver, n)})`)],
      ['files > 5% over the target tokens', ...NX.map((nx) => `${cells.get(nx)!.overTarget} (${pct(cells.get(nx)!.overTarget, n)})`)],
      ['time per file p50 / p95 (ms)', ...NX.map((nx) => `${quantile(cells.get(nx)!.ms, 0.5).toFixed(0)} / ${quantile(cells.get(nx)!.ms, 0.95).toFixed(0)}`)],
    ],
  );
  report.print(`(time at ${NX[0]}x includes scoring; later ratios reuse the cached scores, so their time is the structure-aware cut alone)\n`);
  const failures = NX.flatMap((nx) => cells.get(nx)!.failures.map((f) => ({ nx, ...f })));
  if (failures.length) {
    report.print(`structure failures (${failures.length} file-ratio pairs; up to 8 per check, all in the JSON):\n`);
    for (const check of CHECKS) {
      for (const f of failures.filter((x) => x.check === check).slice(0, 8)) report.print(`- ${f.nx}x ${f.check}: ${f.file}: ${f.detail.replace(/\|/gu, '\\|')}`);
    }
    report.print();
  }
  report.speed(bench.speed);
  const c2 = cells.get(2)!;
  const c4 = cells.get(4)!;
  report.print(
    `summary: ${n} files; all structure checks pass on ${pct(c2.pass.all, c2.files)} at 2x and ${pct(c4.pass.all, c4.files)} at 4x; ` +
      `mean ratio error ${mean(c2.adherence).toFixed(3)} / ${mean(c4.adherence).toFixed(3)}; structure alone over the target in ${c2.structureOver} / ${c4.structureOver} files; ` +
      `p50 ${quantile(c2.ms, 0.5).toFixed(0)} ms per file at 2x.`,
  );
  report.write(args.out, {
    family: 'markdown',
    model: 'markdown_v1',
    machine: machineHeader(),
    files: n,
    candidates: found.length,
    ratios: NX,
    results: Object.fromEntries(
      NX.map((nx) => {
        const c = cells.get(nx)!;
        return [
          nx,
          {
            files: c.files,
            pass: c.pass,
            applies: c.applies,
            meanAbsRatioError: mean(c.adherence),
            meanAbsRatioErrorWhereStructureFits: mean(c.adherenceFits),
            meanKeptFraction: mean(c.keptFraction),
            structureOverTarget: c.structureOver,
            over5PercentAboveTarget: c.overTarget,
            msP50: quantile(c.ms, 0.5),
            msP95: quantile(c.ms, 0.95),
            failures: c.failures,
          },
        ];
      }),
    ),
    scoringSpeed: Object.fromEntries(bench.speed),
  });
};

/**
 * Real-input tool-output benchmark (`npm run bench:real:tool-output`; `-- --generate` rebuilds the
 * fixtures first, `-- --split dev|test|all`, `-- --label before|after`): the fixtures of
 * manifest.ts compressed by toc_latte_v2 with their question at 2x, 4x and 10x, beside first-N
 * truncation and a head+tail line baseline of the same token budget. Measured:
 * - logs: error/warn/stack lines kept (all of them, and where they fit the budget), runs of 3+
 *   lines equal but for numbers collapsed with a count, markers that call differing lines repeats;
 * - JSON: output parses, items the question asks for kept whole / as stubs, stubs of other items,
 *   outputs emptied of every value;
 * - tables: rows holding the asked word kept, where they all fit;
 * - line endings: CRLF copies of three fixtures keep CRLF.
 * Writes bench/out/real-inputs-tool-output-LABEL.{md,json}.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MODEL_CATALOG } from '../../../../server/catalog/model-catalog.js';
import { countTokens } from '../../../../server/compression/engine/text/tokens.js';
import { toolOutput } from '../../../../server/compression/tool-output.js';
import { budgetFor, createBench, mdTable } from '../../../lib/common.js';
import { generate } from './generate.js';
import { FIXTURES, type Fixture } from './manifest.js';
import { truncateChars } from '../../families/tool-output.js';

const { values: args } = parseArgs({
  options: {
    generate: { type: 'boolean', default: false },
    split: { type: 'string', default: 'all' },
    label: { type: 'string', default: 'after' },
    models: { type: 'string', default: 'models' },
  },
});
const HERE = path.dirname(new URL(import.meta.url).pathname);
const NX = [2, 4, 10];
const METHODS = ['crema', 'first-N', 'head+tail'] as const;
type Method = (typeof METHODS)[number];

if (args.generate) generate();
const fixtures = FIXTURES.filter((f) => args.split === 'all' || f.split === args.split);
const read = (f: string) => readFileSync(path.join(HERE, '../../../../test/fixtures/tool-output', f), 'utf8');

// ------------------------------------------------------------ baselines

const linesOf = (text: string) => text.split(/\r?\n/u);

/** The first whole lines within `budget` tokens (for JSON: the longest character prefix). */
function firstN(text: string, budget: number, chars: boolean): string {
  if (chars) return truncateChars(text, budget);
  const out: string[] = [];
  let used = 0;
  for (const l of linesOf(text)) {
    const t = countTokens(`${l}\n`);
    if (used + t > budget) break;
    out.push(l);
    used += t;
  }
  return out.join('\n');
}

/** Half the budget to the first lines, the rest to the last ones (what `head; tail` gives). */
function headTail(text: string, budget: number): string {
  const lines = linesOf(text);
  const head: string[] = [];
  let used = 0;
  for (const l of lines) {
    const t = countTokens(`${l}\n`);
    if (used + t > budget / 2) break;
    head.push(l);
    used += t;
  }
  const tail: string[] = [];
  for (let i = lines.length - 1; i >= head.length; i--) {
    const t = countTokens(`${lines[i]}\n`);
    if (used + t > budget) break;
    tail.unshift(lines[i]!);
    used += t;
  }
  return [...head, ...tail].join('\n');
}

// ------------------------------------------------------------ log measures

/** A line reporting a problem, by this benchmark's own reading (independent of the compressor's). */
// A level word, not part of a name (`process-warning@4.0.1`, `/error-handler`).
const ISSUE = (l: string) =>
  /(?<![-/.@\w])(?:error|err!|warn(?:ing)?|fatal|failed|exception|denied)(?![-/.@\w])/iu.test(l) || /"level":(?:40|50|60)\b/u.test(l) || /^\s+at\s/u.test(l) || /\[cause\]/u.test(l) || /\bE\d{3}\b/u.test(l);
/** Lines equal but for numbers and hex ids share a key. */
const repeatKey = (l: string) => l.replace(/\b0x[0-9a-f]+\b|\b(?=[0-9a-f]*\d)[0-9a-f]{6,}\b/giu, '#').replace(/\d+/gu, '#');
/** An output line's key with crema's range notation (`{35..52}`) and trailing `[...]` markers out. */
const outKey = (l: string) => repeatKey(l.replace(/\{(-?[\d.]+)\.\.(-?[\d.]+)\}/gu, '$1')).replace(/\s*\[[^\]]*\]\s*$/u, '');

interface Run {
  first: number;
  n: number;
  identical: boolean;
}
function repeatRuns(lines: readonly string[]): Run[] {
  const runs: Run[] = [];
  for (let i = 0; i < lines.length; ) {
    let j = i + 1;
    if (lines[i]!.trim() !== '') while (j < lines.length && repeatKey(lines[j]!) === repeatKey(lines[i]!)) j++;
    if (j - i >= 3) runs.push({ first: i, n: j - i, identical: lines.slice(i, j).every((l) => l === lines[i]) });
    i = j;
  }
  return runs;
}

/** Whether a run shows in the output as one line (or first and last) with its count. */
function collapsed(run: Run, lines: readonly string[], out: readonly string[]): boolean {
  const key = repeatKey(lines[run.first]!);
  for (let k = 0; k < out.length; k++) {
    if (outKey(out[k]!) !== key) continue;
    const near = out.slice(k, k + 3).join(' ');
    const counts = [...near.matchAll(/\[[^\]]*?(\d+)[^\]]*\]/gu)].map((m) => Number(m[1]));
    if (counts.some((c) => c === run.n || c === run.n - 2 || c === run.n - 1)) return true;
  }
  return false;
}

/** Output lines that say `[repeated N times]` for a run whose lines were not identical. */
function misleading(lines: readonly string[], out: readonly string[]): number {
  let bad = 0;
  for (const o of out) {
    const m = /^(.*) \[repeated (\d+) times\]$/u.exec(o);
    if (!m) continue;
    const at = lines.indexOf(m[1]!);
    if (at >= 0 && lines.slice(at, at + Number(m[2])).some((l) => l !== m[1])) bad++;
  }
  return bad;
}

// ------------------------------------------------------------ JSON measures

const isMarker = (v: unknown) => typeof v === 'string' && /^\[\.\.\. \d+/u.test(v);
function scalars(v: unknown): number {
  if (Array.isArray(v)) return v.reduce((s: number, x) => s + (isMarker(x) ? 0 : scalars(x)), 0);
  if (v !== null && typeof v === 'object') return Object.entries(v).reduce((s, [k, x]) => s + (k === '_omitted' ? 0 : scalars(x)), 0);
  return 1;
}
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

interface ItemCounts {
  relevant: number;
  relevantWhole: number;
  relevantStub: number;
  irrelevantStub: number;
}
/**
 * Items of the input (array items by `name`, or object members by key) and how the output keeps
 * them; a partly kept item counts as a stub of an irrelevant one only among records.
 */
function itemCounts(f: Fixture, input: unknown, output: unknown): ItemCounts {
  const c: ItemCounts = { relevant: 0, relevantWhole: 0, relevantStub: 0, irrelevantStub: 0 };
  if (!f.relevant || input === null || typeof input !== 'object') return c;
  const pairs: Array<[string, unknown, unknown]> = [];
  if (Array.isArray(input)) {
    const outs = Array.isArray(output) ? output : [];
    for (const item of input) {
      const name = (item as { name?: unknown }).name;
      pairs.push([String(name), item, outs.find((o) => o !== null && typeof o === 'object' && (o as { name?: unknown }).name === name)]);
    }
  } else {
    const outs = output !== null && typeof output === 'object' ? (output as Record<string, unknown>) : {};
    for (const [k, v] of Object.entries(input)) pairs.push([k, v, outs[k]]);
  }
  for (const [key, item, out] of pairs) {
    const rel = f.relevant(item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {}, key);
    const whole = out !== undefined && same(item, out);
    const stub = out !== undefined && !whole;
    if (rel) {
      c.relevant++;
      if (whole) c.relevantWhole++;
      if (stub) c.relevantStub++;
    } else if (stub && f.records) c.irrelevantStub++;
  }
  return c;
}

// ------------------------------------------------------------ run

const bench = createBench(args.models!);
const model = 'toc_latte_v2' as const;
async function crema(text: string, query: string, nx: number): Promise<{ text: string; format: string }> {
  const options = toolOutput.options({ compression_model_name: model, target_compression_ratio: nx, inputs: [] }, MODEL_CATALOG[model]);
  const [out] = await bench.run(toolOutput, [{ toolOutput: text, toolName: 'bash', query }], options);
  return { text: out!.output as string, format: out!.format };
}

interface Cell {
  fixture: string;
  split: string;
  nx: number;
  method: Method;
  tokens: number;
  budget: number;
  format?: string;
  issue?: { total: number; kept: number; fit: boolean };
  runs?: { total: number; collapsed: number; misleading: number };
  json?: { parses: boolean; emptied: boolean } & ItemCounts;
  table?: { matching: number; kept: number; fit: boolean };
  output: string;
}
const cells: Cell[] = [];

for (const f of fixtures) {
  const text = read(f.file);
  const original = countTokens(text);
  const lines = linesOf(text).filter((l, i, a) => i < a.length - 1 || l !== '');
  for (const nx of NX) {
    const budget = budgetFor(original, nx);
    for (const method of METHODS) {
      let out: string;
      let format: string | undefined;
      if (method === 'crema') ({ text: out, format } = await crema(text, f.query, nx));
      else out = method === 'first-N' ? firstN(text, budget, f.kind === 'json') : headTail(text, budget);
      const outLines = linesOf(out);
      const cell: Cell = { fixture: f.file, split: f.split, nx, method, tokens: countTokens(out), budget, output: out, ...(format ? { format } : {}) };
      if (f.kind === 'log') {
        const issues = lines.filter(ISSUE);
        cell.issue = { total: issues.length, kept: issues.filter((l) => out.includes(l)).length, fit: countTokens(issues.join('\n')) <= budget };
        const runs = repeatRuns(lines);
        cell.runs = { total: runs.length, collapsed: runs.filter((r) => collapsed(r, lines, outLines)).length, misleading: misleading(lines, outLines) };
      } else if (f.kind === 'json') {
        let parsed: unknown;
        let parses = true;
        try {
          parsed = JSON.parse(out);
        } catch {
          parses = false;
        }
        cell.json = { parses, emptied: parses && scalars(parsed) === 0, ...itemCounts(f, JSON.parse(text), parsed) };
      } else {
        const rows = lines.filter((l) => l.toLowerCase().includes(f.rowWord!));
        const header = lines.slice(0, 5).join('\n');
        cell.table = { matching: rows.length, kept: rows.filter((r) => outLines.includes(r)).length, fit: countTokens(`${header}\n${rows.join('\n')}\n[... 999 more rows]`) <= budget };
      }
      cells.push(cell);
    }
  }
  console.error(`${f.file}: ${original} tokens`);
}

// CRLF: three fixtures with Windows line endings at 2x.
const crlf: Array<{ file: string; crlfKept: boolean; format: string }> = [];
for (const file of ['syslog.log', 'pino-app.log', 'dpkg-l.txt']) {
  const text = read(file).replace(/\r?\n/gu, '\r\n');
  const { text: out, format } = await crema(text, 'errors', 2);
  crlf.push({ file, crlfKept: /\r\n/u.test(out) && !/[^\r]\n/u.test(out), format });
}

// ------------------------------------------------------------ report

const pct = (a: number, b: number) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(0)}%`);
const sum = (xs: Cell[], f: (c: Cell) => number) => xs.reduce((s, c) => s + f(c), 0);
const md: string[] = [`# Real-input tool-output benchmark (${args.label}, split ${args.split}, ${model} with the fixture's question)`, ''];
md.push(`Fixtures: ${fixtures.map((f) => `${f.file} (${f.split})`).join(', ')}.`, '');
const logRows: string[][] = [];
const jsonRows: string[][] = [];
const tableRows: string[][] = [];
for (const method of METHODS) {
  for (const nx of NX) {
    const at = cells.filter((c) => c.method === method && c.nx === nx);
    const logs = at.filter((c) => c.issue);
    const fit = logs.filter((c) => c.issue!.fit);
    logRows.push([
      method,
      `${nx}x`,
      pct(sum(logs, (c) => c.issue!.kept), sum(logs, (c) => c.issue!.total)),
      pct(sum(fit, (c) => c.issue!.kept), sum(fit, (c) => c.issue!.total)),
      `${sum(logs, (c) => c.runs!.collapsed)} / ${sum(logs, (c) => c.runs!.total)}`,
      String(sum(logs, (c) => c.runs!.misleading)),
      method === 'crema' ? [...new Set(logs.map((c) => c.format))].join(', ') : '',
    ]);
    const js = at.filter((c) => c.json);
    jsonRows.push([
      method,
      `${nx}x`,
      pct(js.filter((c) => c.json!.parses).length, js.length),
      String(js.filter((c) => c.json!.emptied).length),
      `${sum(js, (c) => c.json!.relevantWhole)} / ${sum(js, (c) => c.json!.relevant)}`,
      String(sum(js, (c) => c.json!.relevantStub)),
      String(sum(js, (c) => c.json!.irrelevantStub)),
    ]);
    const tb = at.filter((c) => c.table);
    tableRows.push([method, `${nx}x`, `${sum(tb, (c) => c.table!.kept)} / ${sum(tb, (c) => c.table!.matching)}`, tb.map((c) => (c.table!.fit ? 'fit' : 'over')).join(', ')]);
  }
}
md.push('## Logs', '', mdTable(['method', 'ratio', 'issue lines kept', 'kept where they fit', 'runs of 3+ collapsed with a count', 'misleading repeat markers', 'detected as'], logRows), '');
md.push('## JSON', '', mdTable(['method', 'ratio', 'parses', 'emptied', 'relevant items whole', 'relevant stubs', 'irrelevant stubs'], jsonRows), '');
md.push('## Tables', '', mdTable(['method', 'ratio', 'matching rows kept', 'all matching rows fit the budget'], tableRows), '');
md.push('## Line endings (CRLF copies at 2x)', '', mdTable(['file', 'detected as', 'CRLF kept'], crlf.map((c) => [c.file, c.format, c.crlfKept ? 'yes' : 'no'])), '');
md.push('## Per fixture (crema)', '');
md.push(
  mdTable(
    ['fixture', 'ratio', 'tokens / budget', 'format', 'measure'],
    cells
      .filter((c) => c.method === 'crema')
      .map((c) => [
        c.fixture,
        `${c.nx}x`,
        `${c.tokens} / ${c.budget}`,
        c.format ?? '',
        c.issue
          ? `issues ${c.issue.kept}/${c.issue.total}${c.issue.fit ? '' : ' (over)'}, runs ${c.runs!.collapsed}/${c.runs!.total}, misleading ${c.runs!.misleading}`
          : c.json
            ? `parses ${c.json.parses}, emptied ${c.json.emptied}, relevant whole ${c.json.relevantWhole}/${c.json.relevant}, stubs ${c.json.relevantStub} + ${c.json.irrelevantStub} irrelevant`
            : `rows ${c.table!.kept}/${c.table!.matching}${c.table!.fit ? '' : ' (over)'}`,
      ]),
  ),
);
const outDir = path.resolve(HERE, '../../../out');
mkdirSync(outDir, { recursive: true });
const base = path.join(outDir, `real-inputs-tool-output-${args.label}`);
writeFileSync(`${base}.md`, `${md.join('\n')}\n`);
writeFileSync(`${base}.json`, `${JSON.stringify({ label: args.label, split: args.split, model, cells: cells.map((c) => ({ ...c, output: c.output.slice(0, 1500) })), crlf }, null, 2)}\n`);
console.log(md.join('\n'));
process.exit(0);

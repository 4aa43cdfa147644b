/**
 * Tool-output benchmark (`npm run bench:quality -- --family tool-output`): on real JSON files,
 * whether the output still parses and whether a looked-up value survives (toc_latte_v1 with the
 * question, toc_americano_v1 without, and a truncation of the compact JSON at the same budget);
 * on real logs of this machine, whether error/warning/stack-trace lines survive; and how closely
 * the route meets the ratio.
 *
 * JSON: the repository's package-lock.json plus every distinct JSON file of 1 KB..2 MB
 * under node_modules that parse (package.json files; JSON schemas and data files, one per file
 * name), at most 128k tokens (the models' context limit). Logs: readable non-empty text files under /var/log (long
 * ones cut into 250-line pieces, at most 10 per file), `dmesg`, `journalctl` when it has entries,
 * and the output of `npx vitest run test/config.test.ts` (captured once into the temp folder).
 * Flags: --limit N (JSON files and logs; default all; a limited run takes about a third schemas and
 * data files, the rest package.json files, in a seeded order), --models DIR, --out DIR, --seed S.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MODEL_CATALOG } from '../../../server/catalog/model-catalog.js';
import { repeatKey } from '../../../server/compression/engine/formats/log-repeats.js';
import { countTokens } from '../../../server/compression/engine/text/tokens.js';
import { toolOutput, type ToolOutputItem } from '../../../server/compression/tool-output.js';
import { rng } from '../../lib/squad.js';
import { adherence, budgetFor, createBench, familyArgs, fileSize, machineHeader, mean, pct, Report, shuffled, walkFiles, type FamilyMain } from '../../lib/common.js';

const NX = [2, 4, 10];
const MAX_TOKENS = 128_000;

// ---------------------------------------------------------------- JSON

interface JsonFile {
  file: string;
  text: string;
  tokens: number;
  lookup?: { path: string[]; question: string; value: string | number } | undefined;
}

function jsonFiles(limit: number, random: () => number): { files: JsonFile[]; candidates: number } {
  const seen = new Set<string>();
  const pkg: string[] = [];
  const other: string[] = [];
  const all = walkFiles('node_modules', (name) => name.endsWith('.json')).filter((f) => !f.includes(`${path.sep}.vite${path.sep}`));
  for (const f of all) {
    const size = fileSize(f);
    if (size < 1024 || size > 2 * 1024 * 1024) continue;
    (path.basename(f) === 'package.json' ? pkg : other).push(f);
  }
  const load = (file: string): JsonFile | undefined => {
    const text = readFileSync(file, 'utf8');
    if (seen.has(text)) return undefined;
    try {
      JSON.parse(text);
    } catch {
      return undefined;
    }
    const tokens = countTokens(text);
    if (tokens > MAX_TOKENS) return undefined;
    seen.add(text);
    return { file, text, tokens };
  };
  const lock = load('package-lock.json');
  // One file per name among schemas and data files: typescript ships 13 translations of one 90k-token
  // diagnosticMessages.generated.json, ajv the same schemas twice.
  const names = new Set<string>();
  const others = shuffled(other, random)
    .filter((f) => !names.has(path.basename(f)) && names.add(path.basename(f)))
    .map(load)
    .filter((x): x is JsonFile => !!x);
  const pkgs = shuffled(pkg, random).map(load).filter((x): x is JsonFile => !!x);
  const candidates = (lock ? 1 : 0) + others.length + pkgs.length;
  // About a third schemas and data files, the rest package.json files, plus the lockfile.
  const nOther = Number.isFinite(limit) ? Math.min(others.length, Math.round((limit - 1) / 3)) : others.length;
  const files = [...(lock ? [lock] : []), ...others.slice(0, nOther), ...pkgs.slice(0, Math.max(0, limit - 1 - nOther))].slice(0, limit);
  for (const [i, f] of files.entries()) f.lookup = pickLookup(JSON.parse(f.text), rng(1000 + i));
  return { files, candidates };
}

/** Words of a key (`homepage`, `bugs`, `devDependencies` -> dev dependencies); undefined when the key is not a word. */
const keyWords = (key: string) => (/^[A-Za-z][a-z]*(?:[A-Z][a-z]+)*$/u.test(key) && key.length >= 2 ? key.replace(/([a-z])([A-Z])/gu, '$1 $2').toLowerCase() : undefined);

/** A random scalar leaf whose keys are all words (no array indices), with a non-trivial value. */
function pickLookup(doc: unknown, random: () => number): JsonFile['lookup'] {
  const leaves: Array<{ path: string[]; value: string | number }> = [];
  const visit = (v: unknown, p: string[]) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) {
      if (p.length && (typeof v === 'string' || typeof v === 'number')) {
        const s = String(v);
        if (s.length >= 2 && s.length <= 200 && !s.includes('\n')) leaves.push({ path: p, value: v });
      }
      return;
    }
    for (const [k, child] of Object.entries(v)) if (keyWords(k)) visit(child, [...p, k]);
  };
  visit(doc, []);
  if (!leaves.length) return undefined;
  const leaf = leaves[Math.floor(random() * leaves.length)]!;
  return { ...leaf, question: `What is the ${leaf.path.map((k) => keyWords(k)!).join(' ')}?` };
}

/** Whether a looked-up value is in a text: a string with its JSON quotes, or a number not glued to digits. */
function hasValue(out: string, value: string | number): boolean {
  if (typeof value === 'string') return out.includes(JSON.stringify(value));
  const s = String(value);
  let at = out.indexOf(s);
  while (at >= 0) {
    if (!/[\d.]/u.test(out[at - 1] ?? ' ') && !/\d/u.test(out[at + s.length] ?? ' ')) return true;
    at = out.indexOf(s, at + 1);
  }
  return false;
}

/** The longest prefix of `text` within `budget` o200k tokens (characters, not words: compact JSON has few spaces). */
export function truncateChars(text: string, budget: number): string {
  if (countTokens(text) <= budget) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (countTokens(text.slice(0, mid)) <= budget) lo = mid;
    else hi = mid - 1;
  }
  return text.slice(0, lo);
}

const parses = (s: string) => {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
};

// ---------------------------------------------------------------- logs

/** Lines a reader of a log must not lose: errors, warnings, failures, stack frames (not `err=0`, `libgpg-error0`, `error.log`). */
const ISSUE =
  /(?<![\w./-])(?:error|errors|err|warn|warning|warnings|fatal|fail|failed|failure|failing|exception|critical|crit|panic|denied|refused|traceback|segfault)(?![\w/=-]|\.\w)|^\s+at\s+\S|^\s*File "[^"]+", line \d+|^[EW]: /imu;

function captureOnce(name: string, command: string, timeoutMs: number): string | undefined {
  const dir = path.join(tmpdir(), 'crema-bench-logs');
  const file = path.join(dir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8');
  let text: string;
  try {
    text = execSync(`${command} 2>&1`, { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
  } catch (e) {
    // A failing command (a failing test) still printed a real log.
    const err = e as { stdout?: string };
    if (!err.stdout) return undefined;
    text = err.stdout;
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, text);
  return text;
}

const CHUNK_LINES = 250;
const MAX_CHUNKS = 10;

function logs(): Array<{ name: string; text: string }> {
  const sources: Array<{ name: string; text: string }> = [];
  for (const file of walkFiles('/var/log', (name) => !/\.(gz|xz|bz2|zst|journal)$/u.test(name))) {
    try {
      const text = readFileSync(file, 'utf8');
      if (text.trim() && !text.includes('\u0000')) sources.push({ name: file, text });
    } catch {
      // unreadable: skipped
    }
  }
  const dmesg = captureOnce('dmesg.log', 'dmesg', 20_000);
  if (dmesg?.trim()) sources.push({ name: 'dmesg', text: dmesg });
  const journal = captureOnce('journalctl.log', 'journalctl --no-pager -o short -n 5000', 30_000);
  if (journal && journal.split('\n').filter((l) => l.trim() && !l.startsWith('-- ')).length > 5) sources.push({ name: 'journalctl', text: journal });
  const vitest = captureOnce('vitest-config.log', 'npx vitest run test/config.test.ts', 180_000);
  if (vitest?.trim()) sources.push({ name: 'npx vitest run test/config.test.ts', text: vitest.replace(/\u001b\[[0-9;]*m/gu, '') });

  const out: Array<{ name: string; text: string }> = [];
  for (const { name, text } of sources) {
    const lines = text.replace(/\n$/u, '').split('\n');
    const pieces = Math.ceil(lines.length / CHUNK_LINES);
    if (pieces <= 1) {
      out.push({ name, text: lines.join('\n') });
      continue;
    }
    // Evenly spaced pieces, so one long log does not fill the set.
    const take = Math.min(pieces, MAX_CHUNKS);
    for (let k = 0; k < take; k++) {
      const p = Math.floor((k * pieces) / take);
      const body = lines.slice(p * CHUNK_LINES, (p + 1) * CHUNK_LINES).join('\n');
      if (body.trim()) out.push({ name: `${name} lines ${p * CHUNK_LINES + 1}-${Math.min(lines.length, (p + 1) * CHUNK_LINES)}`, text: body });
    }
  }
  return out;
}

// ---------------------------------------------------------------- run

const JSON_METHODS = ['toc_americano_v1 (no query)', 'toc_latte_v1 (with query)', 'compact JSON truncated'] as const;
type JsonMethod = (typeof JSON_METHODS)[number];

interface JsonCell {
  files: number;
  parsed: number;
  lookups: number;
  found: number;
  adherence: number[];
  keptFraction: number[];
}
const jsonCell = (): JsonCell => ({ files: 0, parsed: 0, lookups: 0, found: 0, adherence: [], keptFraction: [] });

interface LogCell {
  logs: number;
  issueLines: number;
  kept: number;
  allKept: number;
  issuesOverBudget: number;
  adherence: number[];
  keptFraction: number[];
}
const logCell = (): LogCell => ({ logs: 0, issueLines: 0, kept: 0, allKept: 0, issuesOverBudget: 0, adherence: [], keptFraction: [] });

export const main: FamilyMain = async (argv) => {
  const args = familyArgs(argv);
  const { files, candidates } = jsonFiles(args.limit ?? Number.POSITIVE_INFINITY, rng(args.seed));
  const allLogs = logs();
  // With --limit, logs spread over the sources rather than the first few.
  const logSet = args.limit === undefined || args.limit >= allLogs.length ? allLogs : Array.from({ length: args.limit }, (_, k) => allLogs[Math.floor((k * allLogs.length) / args.limit!)]!);
  const bench = createBench(args.models);
  const run = async (model: 'toc_latte_v1' | 'toc_americano_v1', item: ToolOutputItem, nx: number) => {
    const options = toolOutput.options({ compression_model_name: model, target_compression_ratio: nx, inputs: [] }, MODEL_CATALOG[model]);
    const [out] = await bench.run(toolOutput, [item], options);
    return { text: typeof out!.output === 'string' ? out!.output : out!.output.join('\n'), tokens: out!.compressedTokens, format: out!.format };
  };

  const jsonCells = new Map<string, JsonCell>();
  const jc = (m: JsonMethod, nx: number) => jsonCells.get(`${m}|${nx}`) ?? jsonCells.set(`${m}|${nx}`, jsonCell()).get(`${m}|${nx}`)!;
  const parseFailures: Array<{ file: string; model: string; nx: number; format: string }> = [];
  const notJson: Array<{ file: string; model: string; nx: number; format: string }> = [];
  const lookupMisses: Array<{ file: string; nx: number; question: string; value: string | number }> = [];
  const started = performance.now();
  for (let i = 0; i < files.length; i++) {
    const f = files[i]!;
    const compact = JSON.stringify(JSON.parse(f.text));
    for (const nx of NX) {
      const budget = budgetFor(f.tokens, nx);
      const outs: Partial<Record<JsonMethod, { text: string; tokens: number; format?: string }>> = {};
      outs['toc_americano_v1 (no query)'] = await run('toc_americano_v1', { toolOutput: f.text, toolName: 'read_file' }, nx);
      if (f.lookup) outs['toc_latte_v1 (with query)'] = await run('toc_latte_v1', { toolOutput: f.text, toolName: 'read_file', query: f.lookup.question }, nx);
      const cut = truncateChars(compact, budget);
      outs['compact JSON truncated'] = { text: cut, tokens: countTokens(cut) };
      for (const m of JSON_METHODS) {
        const o = outs[m];
        if (!o) continue;
        const c = jc(m, nx);
        c.files++;
        const ok = parses(o.text);
        if (ok) c.parsed++;
        else if (m !== 'compact JSON truncated') parseFailures.push({ file: f.file, model: m, nx, format: o.format ?? '?' });
        if (o.format !== undefined && o.format !== 'json') notJson.push({ file: f.file, model: m, nx, format: o.format });
        if (f.lookup) {
          c.lookups++;
          if (hasValue(o.text, f.lookup.value)) c.found++;
          else if (m === 'toc_latte_v1 (with query)') lookupMisses.push({ file: f.file, nx, question: f.lookup.question, value: f.lookup.value });
        }
        c.adherence.push(adherence(f.tokens, o.tokens, nx));
        c.keptFraction.push(o.tokens / f.tokens);
      }
    }
    if ((i + 1) % 20 === 0) console.error(`tool-output: ${i + 1}/${files.length} JSON files, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }

  const logCells = new Map<number, LogCell>(NX.map((nx) => [nx, logCell()]));
  const logMisses: Array<{ log: string; nx: number; line: string; format: string }> = [];
  const logFormats = new Map<string, number>();
  for (const log of logSet) {
    const original = countTokens(log.text);
    const issues = [...new Set(log.text.split('\n').filter((l) => ISSUE.test(l)).map((l) => l.trim()))].filter(Boolean);
    const issueTokens = issues.reduce((s, l) => s + countTokens(l) + 1, 0);
    for (const nx of NX) {
      const c = logCells.get(nx)!;
      const o = await run('toc_americano_v1', { toolOutput: log.text, toolName: 'read_log' }, nx);
      if (nx === NX[0]) logFormats.set(o.format, (logFormats.get(o.format) ?? 0) + 1);
      c.logs++;
      c.issueLines += issues.length;
      // A line of a run collapsed with its count (`[repeated N times]`, `{lo..hi}` ranges) is kept as that run.
      const collapsed = new Set(o.text.split('\n').filter((l) => / \[(repeated \d+ times|\d+ lines like this)\]$/u.test(l)).map((l) => repeatKey(l.replace(/ \[(repeated \d+ times|\d+ lines like this)\]$/u, '').replace(/\{(\d+)\.\.\d+\}/gu, '$1').trim())));
      const missing = issues.filter((l) => !o.text.includes(l) && !collapsed.has(repeatKey(l)));
      c.kept += issues.length - missing.length;
      if (!missing.length) c.allKept++;
      for (const line of missing) logMisses.push({ log: log.name, nx, line, format: o.format });
      if (issueTokens > budgetFor(original, nx)) c.issuesOverBudget++;
      c.adherence.push(adherence(original, o.tokens, nx));
      c.keptFraction.push(o.tokens / original);
    }
  }

  const report = new Report('tool-output');
  report.print('## tool-output (toc_americano_v1, toc_latte_v1)');
  report.print();
  report.print(machineHeader());
  report.print();
  const withLookup = files.filter((f) => f.lookup).length;
  report.print(
    `JSON: ${files.length} real files (package-lock.json of the repo, ${files.filter((f) => path.basename(f.file) === 'package.json').length} package.json files, ` +
      `${files.filter((f) => path.basename(f.file) !== 'package.json' && f.file !== 'package-lock.json').length} schemas/data files; of ${candidates} distinct parseable files of 1 KB-2 MB and <= 128k tokens under node_modules, one schema/data file per file name), ` +
      `${Math.round(mean(files.map((f) => f.tokens)))} tokens on average. Lookups: one random scalar leaf per file whose keys are words (${withLookup} files), question "What is the <key path words>?"; ` +
      `found = the value (a string with its JSON quotes) is in the output. Truncation cuts JSON.stringify(doc) to the route's budget.`,
  );
  report.print();
  report.table(
    'JSON: output parses with JSON.parse (target 100%)',
    ['method', ...NX.map((nx) => `${nx}x`)],
    JSON_METHODS.map((m) => [m, ...NX.map((nx) => pct(jc(m, nx).parsed, jc(m, nx).files))]),
  );
  report.table(
    'JSON: looked-up value present in the output',
    ['method', ...NX.map((nx) => `${nx}x`)],
    JSON_METHODS.map((m) => [m, ...NX.map((nx) => pct(jc(m, nx).found, jc(m, nx).lookups))]),
  );
  report.table(
    'JSON: ratio adherence, mean abs(actual - target) of the removed fraction (mean tokens kept)',
    ['method', ...NX.map((nx) => `${nx}x (target ${(100 / nx).toFixed(0)}%)`)],
    JSON_METHODS.map((m) => [m, ...NX.map((nx) => `${mean(jc(m, nx).adherence).toFixed(3)} (${(100 * mean(jc(m, nx).keptFraction)).toFixed(1)}%)`)]),
  );
  if (parseFailures.length) {
    report.print(`JSON outputs of the route that do not parse (${parseFailures.length}; first 25):\n`);
    for (const p of parseFailures.slice(0, 25)) report.print(`- ${p.nx}x ${p.model}: ${p.file} (detected ${p.format})`);
    report.print();
  }
  const early = lookupMisses.filter((x) => x.nx <= 4);
  if (early.length) {
    report.print(`toc_latte_v1 lookups missed at 2x/4x (${early.length}; first 10):\n`);
    for (const x of early.slice(0, 10)) report.print(`- ${x.nx}x ${x.file}: ${x.question} -> ${JSON.stringify(x.value)}`);
    report.print();
  }
  if (notJson.length) {
    report.print(`JSON files not detected as json (${notJson.length}; first 10):\n`);
    for (const p of notJson.slice(0, 10)) report.print(`- ${p.nx}x ${p.model}: ${p.file} (detected ${p.format})`);
    report.print();
  }

  const issueTotal = logCells.get(NX[0]!)!.issueLines;
  report.print(
    `Logs: ${logSet.length} real logs from this machine (${[...new Set(logSet.map((l) => l.name.replace(/ lines \d+-\d+$/u, '')))].length} sources: /var/log files, dmesg, vitest output; pieces of ${CHUNK_LINES} lines), ` +
      `${issueTotal} distinct error/warning/stack-trace lines, ${logSet.filter((l) => l.text.split('\n').some((x) => ISSUE.test(x))).length} logs with at least one; compressed with toc_americano_v1; detected as ${[...logFormats].map(([f, k]) => `${f} ${k}`).join(', ')}.`,
  );
  report.print();
  report.table(
    'Logs: error/warning/stack-trace lines kept verbatim (target 100%) and ratio',
    ['measure', ...NX.map((nx) => `${nx}x`)],
    [
      ['issue lines kept', ...NX.map((nx) => pct(logCells.get(nx)!.kept, logCells.get(nx)!.issueLines))],
      ['logs keeping all of them', ...NX.map((nx) => pct(logCells.get(nx)!.allKept, logCells.get(nx)!.logs))],
      ['logs whose issue lines alone exceed the budget', ...NX.map((nx) => String(logCells.get(nx)!.issuesOverBudget))],
      ['mean abs(actual - target) removed fraction', ...NX.map((nx) => mean(logCells.get(nx)!.adherence).toFixed(3))],
      ['mean tokens kept', ...NX.map((nx) => `${(100 * mean(logCells.get(nx)!.keptFraction)).toFixed(1)}%`)],
    ],
  );
  if (logMisses.length) {
    const grouped = new Map<string, { log: string; line: string; format: string; nx: number[] }>();
    for (const m of logMisses) {
      const key = `${m.log}\u0000${m.line}`;
      const g = grouped.get(key) ?? grouped.set(key, { log: m.log, line: m.line, format: m.format, nx: [] }).get(key)!;
      g.nx.push(m.nx);
    }
    report.print(`issue lines lost (${grouped.size} distinct lines, ${logMisses.length} line-ratio pairs):\n`);
    for (const g of grouped.values()) report.print(`- ${g.nx.map((nx) => `${nx}x`).join('/')} ${g.log} (detected ${g.format}): ${JSON.stringify(g.line.length > 100 ? `${g.line.slice(0, 97)}...` : g.line)}`);
    report.print();
  }
  report.speed(bench.speed);
  const a4 = jc('toc_americano_v1 (no query)', 4);
  const l4 = jc('toc_latte_v1 (with query)', 4);
  const t4 = jc('compact JSON truncated', 4);
  const g4 = logCells.get(4)!;
  report.print(
    `summary: at 4x, JSON parses ${pct(a4.parsed, a4.files)} (americano) / ${pct(l4.parsed, l4.files)} (latte) vs ${pct(t4.parsed, t4.files)} truncated; ` +
      `lookup value kept ${pct(l4.found, l4.lookups)} with the question, ${pct(a4.found, a4.lookups)} without, ${pct(t4.found, t4.lookups)} truncated; ` +
      `logs keep ${pct(g4.kept, g4.issueLines)} of issue lines; ${files.length} JSON files, ${logSet.length} logs.`,
  );
  const cellJson = (c: JsonCell) => ({ files: c.files, parsed: c.parsed, lookups: c.lookups, found: c.found, meanAbsRatioError: mean(c.adherence), meanKeptFraction: mean(c.keptFraction) });
  report.write(args.out, {
    family: 'tool-output',
    machine: machineHeader(),
    ratios: NX,
    json: {
      files: files.map((f) => ({ file: f.file, tokens: f.tokens, question: f.lookup?.question ?? null, value: f.lookup?.value ?? null })),
      results: Object.fromEntries(JSON_METHODS.map((m) => [m, Object.fromEntries(NX.map((nx) => [nx, cellJson(jc(m, nx))]))])),
      parseFailures,
      notDetectedAsJson: notJson,
      latteLookupMisses: lookupMisses,
    },
    logs: {
      sources: logSet.map((l) => l.name),
      detectedFormats: Object.fromEntries(logFormats),
      results: Object.fromEntries(NX.map((nx) => {
        const c = logCells.get(nx)!;
        return [nx, { logs: c.logs, issueLines: c.issueLines, kept: c.kept, logsAllKept: c.allKept, issuesOverBudget: c.issuesOverBudget, meanAbsRatioError: mean(c.adherence), meanKeptFraction: mean(c.keptFraction) }];
      })),
      missing: logMisses,
    },
    scoringSpeed: Object.fromEntries(bench.speed),
  });
};

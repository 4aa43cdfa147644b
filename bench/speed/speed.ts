/**
 * Speed benchmark (`npm run bench`, the default of bench/run.ts): what a compression costs and how
 * the server holds up under load, in four parts measured in one run.
 *
 * 1. Cost curve (engine level, since 1M tokens is past the route's 128k max_context_tokens):
 *    latency at 2x (the default ratio 0.5) and 10x, model-load time and peak RSS, for contexts of
 *    --sizes o200k tokens, coarse and fine, latte_v1 and latte_v2. Each (model, mode, size) runs
 *    in a child process of its own (this file with --cell), so one cell's heap and caches cannot
 *    inflate the next one's peak RSS (`process.resourceUsage().maxRSS`). latte_v1 at 1M tokens
 *    takes minutes per call, so it runs only with --v1-1m. Coarse mode at 100k tokens is also
 *    timed at 10x with `coarseToFine: false` (every block scored) next to the served plan.
 * 2. Throughput through POST /api/compress/question-specific/ at concurrency 1, 4 and 16 on
 *    ~500-token requests, with the engine pool's dynamic batching on (served) and off: both
 *    servers stay up and their cells alternate. Each cell also gives the server process's CPU time
 *    per request and the cores it kept busy (the clients' too: they share the host's cores).
 * 3. GET /health latency, idle and while the concurrency-16 cells saturate the engine.
 * 4. latte_v1 / latte_v2 through the route: sequential ~2k-token requests, interleaved so both
 *    models see the same machine load.
 *
 * Server set-up as bench/speed/routes.ts: PGlite in memory, in-process quota store, the real engine pool.
 * Every throughput cell uses a fresh account (seeded to tier 5, large balance), so the per-account
 * rpm/tpm quotas never shape the numbers, and MAX_CONCURRENT_PER_ACCOUNT is 0 (no cap) so
 * concurrency 16 reaches the engine instead of getting 429s.
 *
 * Contexts are SQuAD 2.0 dev paragraphs (../shared/data) concatenated until the o200k count
 * reaches the size, with a real question whose gold paragraph is in the context; past the subset's
 * ~21k tokens they go on with the prose paragraphs of node_modules' README files (distinct text, so
 * no cache is warmer than on fresh input), and only the 1M-token context repeats text.
 *
 * Flags: --sizes 1000,10000,100000,1000000; --v1-1m; --requests N (latte_v2 requests per
 * throughput cell, default 320; latte_v1 gets a quarter; concurrency-16 cells send them 4 times);
 * --sequential N (requests per model for the v1/v2 ratio, default 12); --warmup N (latte_v2
 * requests each server answers at concurrency 16 before anything is timed, default 1,200; latte_v1
 * an eighth: see warmRoute); --only engine|http; --nice N
 * (ENGINE_NICE of the servers, default the served 10; 0 runs the engine threads at the server's
 * priority); --workers N (ENGINE_WORKERS of the servers, default the served one: 2 on this
 * kind of host); --threads N (onnxruntime intra-op threads of every call, fixed; default every core
 * while one worker is busy, the cores shared out while several are); --model
 * latte_v1|latte_v2 (cost curve and throughput cells of one model); --quick (1k
 * and 10k tokens, few requests: checks the bench, its figures are not to quote); --models DIR;
 * --out DIR (default bench/out). Writes speed.json and speed.svg there (speed-quick.* with
 * --quick, so a check never overwrites a real run). `MODEL_FORMAT=int8|fp32` (environment, as the
 * server reads it) fixes the cost curve's served file: fp32 is what a host without int8
 * dot-product instructions serves.
 */
import { fork } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync, type Dirent } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { createApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createEngine, type EngineRequest } from '../../server/compression/engine/engine.js';
import { MODEL_CATALOG } from '../../server/catalog/model-catalog.js';
import { countTokens } from '../../server/compression/engine/text/tokens.js';
import { createDb } from '../../server/db/create-db.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { createEnginePool } from '../../server/compression/runtime/engine-pool.js';
import { createOnnxWordScorer } from '../../server/model/onnx-word-scorer.js';
import { clearStringMemos } from '../../server/model/string-memo.js';
import { weightsOnDisk } from '../../server/model/weights-availability.js';
import { createQuotaStore } from '../../server/rate-limit/quota.js';
import { mdTable, quantile } from '../lib/common.js';
import { machine, machineLine } from '../lib/machine.js';
import { logLogChart, type Series } from '../lib/svg-plot.js';
import { loadSquad, rng, type SquadSet } from '../lib/squad.js';

const MODELS = ['latte_v1', 'latte_v2'] as const;
type Model = (typeof MODELS)[number];
type Mode = 'coarse' | 'fine';
const ROUTE = '/api/compress/question-specific/';
const HEALTH = '/api/compress/question-specific/health';
/** ms per 1k tokens may move this much between sizes and still read as linear. */
const LINEAR_BAND = [0.8, 1.25] as const;

const mb = (kib: number) => Math.round(kib / 102.4) / 10;
const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;
const median = (xs: readonly number[]) => quantile(xs, 0.5);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const sizeLabel = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n));

// ---------------------------------------------------------------------------------------------
// Machine

// ---------------------------------------------------------------------------------------------
// Contexts

/**
 * Distinct prose beyond the ~21k tokens of the SQuAD subset: the paragraphs of the README files
 * in node_modules (always there after `npm ci`; sorted, so every run reads the same text), so long
 * contexts are fresh text and caches (word pieces, BPE merges, stems) are no warmer than in use.
 */
function readmeParagraphs(): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory() && depth < 3) walk(full, depth + 1);
      else if (e.isFile() && e.name === 'README.md') {
        for (const p of readFileSync(full, 'utf8').split(/\n\s*\n/u)) {
          // Prose only: long enough, mostly letters, not code or tables.
          const letters = (p.match(/\p{L}/gu) ?? []).length;
          if (p.length >= 200 && letters / p.length > 0.7 && !/^\s*(```|\||<|#)/u.test(p)) out.push(p.trim());
        }
      }
    }
  };
  walk('node_modules', 0);
  return [...new Set(out)];
}

let prose: string[] | undefined;
/** SQuAD paragraphs from `first` on, then README prose (cycling only past both), joined until the o200k count reaches `tokens`. */
function squadContext(squad: SquadSet, tokens: number, first = 0): string {
  const pool = squad.paragraphs.slice(first).concat(squad.paragraphs.slice(0, first));
  const parts: string[] = [];
  const add = () => {
    if (parts.length >= pool.length && prose === undefined) pool.push(...(prose = readmeParagraphs()));
    return parts.push(pool[parts.length % pool.length]!);
  };
  // Counting the growing text at every step would be quadratic: paragraph counts first (a
  // paragraph break often merges into the token before it, so their sum is close), then top up.
  for (let sum = 0; sum < tokens; ) sum += countTokens(parts[add() - 1]!);
  while (countTokens(parts.join('\n\n')) < tokens) add();
  return parts.join('\n\n');
}

/** A real question whose gold paragraph opens the context built from `first`. */
function questionFor(squad: SquadSet, first: number): string {
  const item = squad.items.find((it) => it.gold === first % squad.paragraphs.length) ?? squad.items[0]!;
  return item.question;
}

/** Route requests of about `tokens` tokens, each opening with a random question's gold paragraph. */
export function routeRequests(squad: SquadSet, n: number, tokens: number, seed: number) {
  const random = rng(seed);
  return Array.from({ length: n }, () => {
    const item = squad.items[Math.floor(random() * squad.items.length)]!;
    const context = squadContext(squad, tokens, item.gold);
    return { context, query: item.question, tokens: countTokens(context) };
  });
}

// ---------------------------------------------------------------------------------------------
// 1. Cost curve: one child process per (model, mode, size)

interface CellSpec {
  model: Model;
  mode: Mode;
  size: number;
  modelsDir: string;
}

interface CellRun {
  /** '2x' (default ratio 0.5), '10x', or '10x all blocks' (coarse-to-fine off). */
  label: string;
  ms: number;
  reps: number;
  compressedTokens: number;
}

interface CellResult extends CellSpec {
  tokens: number;
  loadMs: number;
  /** The process's first call on the context (2x): arena and heap growth included. */
  firstCallMs: number;
  rssAfterLoadMb: number;
  peakRssMb: number;
  runs: CellRun[];
}

/** Timed repetitions per size: small cells are quick and noisy, so they take the median of a few. */
const repsFor = (size: number) => (size <= 1_000 ? 7 : size <= 100_000 ? 3 : 1);

/** Runs in the child: load the model, time the compressions, report peak RSS. */
async function runCell(spec: CellSpec): Promise<CellResult> {
  const squad = loadSquad();
  const context = squadContext(squad, spec.size);
  const query = questionFor(squad, 0);
  // transformers.js itself is imported first, so the load time is the tokenizer and the session.
  await import('@xenova/transformers');
  const scorer = createOnnxWordScorer({ modelsDir: spec.modelsDir, modelFormat: loadConfig().modelFormat });
  const t0 = performance.now();
  await scorer.warm!([spec.model]);
  const loadMs = performance.now() - t0;
  const rssAfterLoadMb = mb(process.memoryUsage().rss / 1024);
  const engine = createEngine(scorer);
  const request = (text: string, extra: Partial<EngineRequest>): EngineRequest => ({
    context: text,
    query,
    weights: spec.model,
    ratio: undefined,
    defaultRatio: 0.5,
    coarse: spec.mode === 'coarse',
    heuristicChunking: false,
    placeholders: true,
    ...extra,
  });
  // One untimed call on a short context: the first ONNX run allocates its arena and JITs the JS.
  await engine.compress([request(squadContext(squad, 500), {})]);
  // The process's first call on the context, timed apart: it also grows onnxruntime's arena and
  // the heap to this size (0.1-0.2 s at 100k tokens), which a running server has done once. The
  // word caches are emptied before each timed call, so it meets the text as new, as a user's is.
  const f0 = performance.now();
  await engine.compress([request(context, {})]);
  const firstCallMs = performance.now() - f0;

  const time = async (label: string, extra: Partial<EngineRequest>, text = context): Promise<CellRun> => {
    const reps = repsFor(spec.size);
    const ms: number[] = [];
    let compressedTokens = 0;
    for (let i = 0; i < reps; i++) {
      clearStringMemos();
      const t = performance.now();
      const [r] = await engine.compress([request(text, extra)]);
      ms.push(performance.now() - t);
      compressedTokens = r!.compressedTokens;
    }
    return { label, ms: round(median(ms)), reps, compressedTokens };
  };
  const runs = [await time('2x', {}), await time('10x', { ratio: 10 })];
  // Before the extra runs below: the peak is the cost curve's, on the paragraphs.
  const peakRssMb = mb(process.resourceUsage().maxRSS);
  if (spec.mode === 'coarse' && spec.size === 100_000) {
    runs.push(await time('10x all blocks', { ratio: 10, tuning: { coarseToFine: false } }));
    // The same text without blank lines (a log, a PDF's extracted lines): one block of 100k tokens.
    const wall = context.replace(/\n\n/gu, '\n');
    for (const [label, ratio] of [['2x', undefined], ['10x', 10]] as const) {
      runs.push(await time(`${label} one block`, { ratio }, wall), await time(`${label} one block, all scored`, { ratio, tuning: { coarseToFine: false } }, wall));
    }
  }
  return {
    ...spec,
    tokens: countTokens(context),
    loadMs: round(loadMs, 0),
    firstCallMs: round(firstCallMs, 0),
    rssAfterLoadMb,
    peakRssMb,
    runs,
  };
}

/** Forks this file with --cell and waits for its one message. */
function forkCell(spec: CellSpec): Promise<CellResult> {
  return new Promise((resolve, reject) => {
    // The parent's execArgv carries tsx's loader, so the child runs this TypeScript file as is.
    const child = fork(fileURLToPath(import.meta.url), ['--cell', JSON.stringify(spec)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: CellResult | undefined;
    child.on('message', (m) => (result = m as CellResult));
    child.on('error', reject);
    child.on('exit', (code) => (result ? resolve(result) : reject(new Error(`cell ${spec.model} ${spec.mode} ${spec.size} exited with code ${code}`))));
  });
}

interface Skipped {
  model: Model;
  mode: Mode;
  size: number;
  why: string;
}

async function costCurve(models: readonly Model[], sizes: readonly number[], modelsDir: string, v1At1M: boolean) {
  const cells: CellResult[] = [];
  const skipped: Skipped[] = [];
  for (const model of models) {
    for (const mode of ['coarse', 'fine'] as const) {
      for (const size of sizes) {
        if (model === 'latte_v1' && size >= 1_000_000 && !v1At1M) {
          skipped.push({ model, mode, size, why: skipReason(cells, model, mode) });
          continue;
        }
        process.stderr.write(`cost curve: ${model} ${mode} ${sizeLabel(size)} tokens...\n`);
        cells.push(await forkCell({ model, mode, size, modelsDir }));
      }
    }
  }
  return { cells, skipped };
}

/** Why latte_v1 at 1M is left out, with the minutes it would take from its largest measured cell. */
function skipReason(cells: readonly CellResult[], model: Model, mode: Mode): string {
  const largest = cells.filter((c) => c.model === model && c.mode === mode).sort((a, b) => b.tokens - a.tokens)[0];
  const ms = largest?.runs.find((r) => r.label === '2x')?.ms;
  const estimate = largest && ms !== undefined ? `~${Math.round(((ms / largest.tokens) * 1e6) / 60_000)} min per call at its ${sizeLabel(largest.size)} rate` : 'minutes per call';
  return `skipped: ${estimate}; --v1-1m runs it`;
}

/** ms per 1k tokens at 2x, and how it moved from the previous size of the same model and mode. */
function growth(cells: readonly CellResult[], c: CellResult): { msPer1k: number; vsPrevious: string } {
  const per1k = (x: CellResult) => x.runs.find((r) => r.label === '2x')!.ms / (x.tokens / 1000);
  const previous = cells.filter((x) => x.model === c.model && x.mode === c.mode && x.size < c.size).sort((a, b) => b.size - a.size)[0];
  if (!previous) return { msPer1k: per1k(c), vsPrevious: '' };
  const f = per1k(c) / per1k(previous);
  const note = f > LINEAR_BAND[1] ? ' superlinear' : f < LINEAR_BAND[0] ? ' sublinear' : ' linear';
  return { msPer1k: per1k(c), vsPrevious: `x${f.toFixed(2)}${note}` };
}

function printCostCurve(cells: readonly CellResult[], skipped: readonly Skipped[]): void {
  console.log(`\n## Cost curve (engine, one process per row; ratio 2x = default 0.5)\n`);
  const header = ['model', 'mode', 'tokens', 'load ms', 'first call ms', '2x ms', '10x ms', 'ms/1k tok (2x)', 'vs previous size', 'RSS loaded MB', 'peak RSS MB', 'note'];
  const note = (c: CellResult) => (c.tokens > MODEL_CATALOG[c.model].maxContextTokens ? 'engine only: over the route max_context_tokens' : '');
  const rows: string[][] = [];
  for (const model of MODELS) {
    for (const mode of ['coarse', 'fine'] as const) {
      const own = [...cells.filter((c) => c.model === model && c.mode === mode), ...skipped.filter((s) => s.model === model && s.mode === mode)].sort((a, b) => a.size - b.size);
      for (const c of own) {
        if (!('runs' in c)) {
          rows.push([model, mode, sizeLabel(c.size), '', '', '', '', '', '', '', '', c.why]);
          continue;
        }
        const ms = (label: string) => c.runs.find((r) => r.label === label)?.ms;
        const g = growth(cells, c);
        rows.push([model, mode, fmt(c.tokens), fmt(c.loadMs), fmt(c.firstCallMs), fmt(ms('2x')!), fmt(ms('10x')!), g.msPer1k.toFixed(2), g.vsPrevious, fmt(c.rssAfterLoadMb), fmt(c.peakRssMb), note(c)]);
      }
    }
  }
  console.log(mdTable(header, rows));
  console.log(
    `\n'vs previous size': ms per 1k tokens against the next smaller size; outside x${LINEAR_BAND[0]}..x${LINEAR_BAND[1]} growth is not linear` +
      ' (sublinear at small sizes is fixed cost per call being spread).',
  );
  const c2f = cells.filter((c) => c.runs.some((r) => r.label === '10x all blocks'));
  if (c2f.length) {
    console.log(`\n### Coarse mode at 10x: served coarse-to-fine plan vs every block scored (coarseToFine: false)\n`);
    console.log(
      mdTable(
        ['model', 'tokens', 'coarse-to-fine ms', 'all blocks ms', 'speed-up'],
        c2f.map((c) => {
          const served = c.runs.find((r) => r.label === '10x')!.ms;
          const all = c.runs.find((r) => r.label === '10x all blocks')!.ms;
          return [c.model, fmt(c.tokens), fmt(served), fmt(all), `${(all / served).toFixed(2)}x`];
        }),
      ),
    );
    console.log(`\n### Coarse mode on the same text without blank lines (one block: ranked in groups of sentences vs every word scored)\n`);
    const ms = (c: CellResult, label: string) => c.runs.find((r) => r.label === label)?.ms;
    console.log(
      mdTable(
        ['model', 'ratio', 'groups ranked ms', 'all scored ms', 'speed-up'],
        c2f.flatMap((c) =>
          ['2x', '10x'].map((r) => {
            const served = ms(c, `${r} one block`)!;
            const all = ms(c, `${r} one block, all scored`)!;
            return [c.model, r, fmt(served), fmt(all), `${(all / served).toFixed(2)}x`];
          }),
        ),
      ),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// 2-4. Through the HTTP route

interface Server {
  base: string;
  /** A fresh tier-5 account with a large balance, and its API key. */
  newKey(): Promise<string>;
  close(): Promise<void>;
}

async function startServer(modelsDir: string, dynamicBatching: boolean, workers: number, nice: number, threads?: number): Promise<Server> {
  // No per-account concurrency cap (0), and sign-ups unthrottled: each cell signs up its own account.
  const config = { ...loadConfig({}), modelsDir, logLevel: 'silent', maxConcurrentPerAccount: 0, authRpmPerIp: 1_000_000 };
  const db = await createDb({ dataDir: 'memory://' });
  await migrateToLatest(db.db);
  const backend = createEnginePool({ modelsDir, workers, nice, ...(threads ? { threads } : {}), ...(dynamicBatching ? {} : { dynamicBatching: false }) });
  const app = createApp({ config, db, logger: pino({ level: 'silent' }), quotas: createQuotaStore(), backend, weights: weightsOnDisk(modelsDir) });
  const server = app.listen(0, '127.0.0.1');
  // fetch reuses idle connections: they must outlive the gaps between cells (see bench/speed/routes.ts).
  server.keepAliveTimeout = 120_000;
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let accounts = 0;
  return {
    base,
    async newKey() {
      const signup = await post(base, '/api/auth/signup', { email: `speed${++accounts}@example.com`, password: 'benchmark password' });
      const accountId: string = signup.json.data.account.id;
      await db.db.updateTable('accounts').set({ balance_nusd: 1e15 }).where('id', '=', accountId).execute();
      // Seeded usage puts the account at tier 5, the highest rpm/tpm.
      await db.db
        .insertInto('usage_events')
        .values({ request_id: `speed-seed-${accounts}`, account_id: accountId, api_key_id: null, family: 'question-specific', model: 'latte_v1', operation: 'single', status: 'settled', rows: 1, original_tokens: 2e8, compressed_tokens: 1e8, reserved_nusd: 0, cost_nusd: 0, created_at: new Date(), settled_at: new Date() })
        .execute();
      return (await post(base, '/api/keys', { name: 'speed' }, { Authorization: `Bearer ${signup.json.data.token}` })).json.data.key as string;
    },
    async close() {
      await new Promise((r) => server.close(r));
      server.closeAllConnections();
      await backend.close();
      await db.close();
    },
  };
}

async function post(base: string, route: string, body: object, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  const res = await fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}

export interface RouteRequest {
  context: string;
  query: string;
  tokens: number;
}

/** One compression through the route (ratio: the route's default); throws on anything but 200. */
async function compress(base: string, key: string, model: Model, r: RouteRequest): Promise<number> {
  const t = performance.now();
  const res = await post(base, ROUTE, { context: r.context, query: r.query, compression_model_name: model }, { 'X-API-Key': key });
  if (res.status !== 200) throw new Error(`HTTP ${res.status} from ${ROUTE}: ${JSON.stringify(res.json)}`);
  return performance.now() - t;
}

/** GET /health every ~50 ms until `done()`; latencies in ms. */
async function pollHealth(base: string, done: () => boolean): Promise<number[]> {
  const ms: number[] = [];
  while (!done()) {
    const t = performance.now();
    const res = await fetch(`${base}${HEALTH}`);
    await res.arrayBuffer();
    ms.push(performance.now() - t);
    await sleep(50);
  }
  return ms;
}

interface ThroughputCell {
  model: Model;
  batching: boolean;
  concurrency: number;
  requests: number;
  avgTokens: number;
  seconds: number;
  rps: number;
  tokensPerS: number;
  p50: number;
  p99: number;
  /** CPU time of the server's process (event loop, engine worker, onnxruntime threads) per request, ms. */
  cpuMsPerRequest: number;
  /** That CPU time over the cell's wall time: how many cores the server kept busy on average. */
  coresBusy: number;
  /** The same for the load process (the clients). */
  clientCoresBusy: number;
}

interface HealthStats {
  state: string;
  samples: number;
  p50: number;
  p99: number;
  max: number;
}

const healthStats = (state: string, ms: readonly number[]): HealthStats => ({ state, samples: ms.length, p50: round(quantile(ms, 0.5)), p99: round(quantile(ms, 0.99)), max: round(Math.max(...ms)) });

/** What a load child is asked to do, and what it answers. */
interface LoadSpec {
  base: string;
  key: string;
  model: Model;
  concurrency: number;
  requests: RouteRequest[];
  /** Sequential instead: each request sent once per model, in this order (latencies per model). */
  alternate?: Model[];
  /** With `alternate`: sent once per model first, untimed. */
  warmup?: RouteRequest;
}
interface LoadResult {
  latencies: number[];
  seconds: number;
  /** CPU time of the load process itself, ms (the clients share the host's cores with the server). */
  cpuMs?: number;
  byModel?: Partial<Record<Model, number[]>>;
}

/**
 * Runs in a child process (this file with --load): the clients live outside the server's process,
 * as they would in use, so the server's event loop is not also running 16 clients.
 */
async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  if (spec.alternate) {
    if (spec.warmup) for (const model of spec.alternate) await compress(spec.base, spec.key, model, spec.warmup);
    const byModel: Partial<Record<Model, number[]>> = {};
    const t = performance.now();
    for (const r of spec.requests) for (const model of spec.alternate) (byModel[model] ??= []).push(await compress(spec.base, spec.key, model, r));
    return { latencies: [], seconds: (performance.now() - t) / 1000, byModel };
  }
  const latencies: number[] = [];
  let next = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: spec.concurrency }, async () => {
      while (next < spec.requests.length) latencies.push(await compress(spec.base, spec.key, spec.model, spec.requests[next++]!));
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  return { latencies, seconds: (performance.now() - t0) / 1000, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** This file in a child process, with `flag`; sends it `spec` and resolves with the one message it answers. */
function forkChild<T>(flag: string, spec: object): { child: ReturnType<typeof fork>; result: Promise<T> } {
  const child = fork(fileURLToPath(import.meta.url), [flag], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const result = new Promise<T>((resolve, reject) => {
    let answer: T | undefined;
    child.on('message', (m) => (answer = m as T));
    child.on('error', reject);
    child.on('exit', (code) => (answer !== undefined ? resolve(answer) : reject(new Error(`${flag} child exited with code ${code}`))));
  });
  child.send(spec);
  return { child, result };
}

const forkLoad = (spec: LoadSpec): Promise<LoadResult> => forkChild<LoadResult>('--load', spec).result;

/**
 * The /health poller in a process of its own (this file with --probe): sharing an event loop with
 * the server or with 16 load clients, its timings would include their callbacks. Polls `samples`
 * times, or until `stop()`.
 */
function forkProbe(base: string, samples?: number): { stop(): void; result: Promise<number[]> } {
  const { child, result } = forkChild<number[]>('--probe', { base, samples });
  return { stop: () => child.send('stop'), result };
}

/** `requests` sent by `concurrency` loops in a child process; /health is polled throughout when `watchHealth`. */
async function throughputCell(srv: Server, model: Model, batching: boolean, concurrency: number, requests: readonly RouteRequest[], watchHealth: boolean) {
  const key = await srv.newKey();
  const probe = watchHealth ? forkProbe(srv.base) : undefined;
  // The server, its engine worker and onnxruntime's threads are this process; the clients and
  // the /health poller are children, so this process's CPU time is the server's alone.
  const cpu0 = process.cpuUsage();
  const { latencies, seconds, cpuMs: clientCpuMs = 0 } = await forkLoad({ base: srv.base, key, model, concurrency, requests: [...requests] });
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  probe?.stop();
  const health = probe ? await probe.result : [];
  const tokens = requests.reduce((s, r) => s + r.tokens, 0);
  const cell: ThroughputCell = {
    model,
    batching,
    concurrency,
    requests: requests.length,
    avgTokens: Math.round(tokens / requests.length),
    seconds: round(seconds, 2),
    rps: round(requests.length / seconds, 2),
    tokensPerS: Math.round(tokens / seconds),
    p50: round(quantile(latencies, 0.5)),
    p99: round(quantile(latencies, 0.99)),
    cpuMsPerRequest: round(cpuMs / requests.length, 2),
    coresBusy: round(cpuMs / 1000 / seconds, 2),
    clientCoresBusy: round(clientCpuMs / 1000 / seconds, 2),
  };
  return { cell, health };
}

interface RatioResult {
  requests: number;
  avgTokens: number;
  msPerRequest: Record<Model, number>;
  medianMs: Record<Model, number>;
  /** latte_v1 mean ms / latte_v2 mean ms. */
  ratio: number;
  /** Every request's ms, in the order sent. */
  ms: Record<Model, number[]>;
}

/** Sequential ~2k-token requests, v1 and v2 alternating, so drifting machine load hits both alike. */
async function v1v2Ratio(srv: Server, requests: readonly RouteRequest[]): Promise<RatioResult> {
  const key = await srv.newKey();
  // From a child process, like the throughput cells: a client in the server's process would add its
  // own fetch and JSON work to the server's event loop, to both models alike, and shrink the ratio.
  // One untimed request per model first: the first of the sequence (a fresh client process, a
  // fresh key, a new request size) cost 3-5x a usual one (latte_v1 582 vs ~210 ms, latte_v2 151
  // vs ~32 in one run), and one such outlier among 12 moves a mean by a third.
  const [warmup, ...timed] = requests;
  const { byModel } = await forkLoad({ base: srv.base, key, model: 'latte_v2', concurrency: 1, requests: timed, alternate: [...MODELS], warmup });
  const ms = byModel as Record<Model, number[]>;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    requests: timed.length,
    avgTokens: Math.round(timed.reduce((s, r) => s + r.tokens, 0) / timed.length),
    msPerRequest: { latte_v1: round(mean(ms.latte_v1)), latte_v2: round(mean(ms.latte_v2)) },
    medianMs: { latte_v1: round(median(ms.latte_v1)), latte_v2: round(median(ms.latte_v2)) },
    ratio: round(mean(ms.latte_v1) / mean(ms.latte_v2), 2),
    ms: { latte_v1: ms.latte_v1.map((x) => round(x)), latte_v2: ms.latte_v2.map((x) => round(x)) },
  };
}

interface HttpOptions {
  modelsDir: string;
  /** latte_v2 requests per throughput cell; latte_v1 gets a quarter (it is ~10x slower). */
  requests: number;
  sequential: number;
  healthIdleSamples: number;
  /** ENGINE_WORKERS of the servers (default: the served value). */
  workers: number;
  /** ENGINE_NICE of the servers (default: the served value). */
  nice: number;
  /** onnxruntime intra-op threads of every call (default: every core while one worker is busy, the cores shared out while several are). */
  threads?: number | undefined;
  /** Models of the throughput cells (the v1/v2 ratio always runs both). */
  models: readonly Model[];
  /** latte_v2 requests each server answers at concurrency 16 before anything is timed (latte_v1 an eighth). */
  warmup: number;
}

/** Concurrency-16 cells send their requests this many times over (see httpParts). */
const C16_REPEATS = 4;

async function httpParts(squad: SquadSet, o: HttpOptions) {
  const small = routeRequests(squad, o.requests, 500, 11);
  const large = routeRequests(squad, o.sequential + 1, 2_000, 13);
  const perModel = (model: Model) => (model === 'latte_v1' ? small.slice(0, Math.max(4, Math.round(o.requests / 4))) : small);
  // Both servers stay up and their cells alternate, so a change in the shared machine's load
  // falls on batching on and off alike (an idle pool costs memory, not CPU).
  const servers = new Map<boolean, Server>();
  for (const batching of [true, false]) servers.set(batching, await startServer(o.modelsDir, batching, o.workers, o.nice, o.threads));
  const warmup = routeRequests(squad, o.warmup, 500, 17);
  for (const srv of servers.values()) await warmRoute(srv, warmup);
  const served = servers.get(true)!;
  const health: HealthStats[] = [healthStats('idle', await forkProbe(served.base, o.healthIdleSamples).result)];
  process.stderr.write('route: latte_v1 / latte_v2, sequential ~2k-token requests...\n');
  const ratio = await v1v2Ratio(served, large);
  const cells: ThroughputCell[] = [];
  for (const model of o.models) {
    for (const concurrency of [1, 4, 16]) {
      for (const [batching, srv] of servers) {
        process.stderr.write(`route: ${model}, dynamic batching ${batching ? 'on' : 'off'}, concurrency ${concurrency}...\n`);
        // Saturated cells run four times as long: /health is polled every ~50 ms throughout, and
        // with the ~40 samples of a 320-request cell its p99 was simply the slowest poll.
        const requests = concurrency === 16 ? Array.from({ length: C16_REPEATS }, () => perModel(model)).flat() : perModel(model);
        const r = await throughputCell(srv, model, batching, concurrency, requests, concurrency === 16);
        cells.push(r.cell);
        if (concurrency === 16) health.push(healthStats(`${model} c16, batching ${batching ? 'on' : 'off'}`, r.health));
      }
    }
  }
  for (const srv of servers.values()) await srv.close();
  return { cells, health, ratio };
}

/**
 * Loads both models in the pool's worker and runs the route until V8 has compiled its hot code,
 * untimed. A server's first ~2,000 requests cost ~15% more CPU than later ones (measured: 15.4,
 * 13.9, 13.5 and 12.9 ms of CPU per request over four runs of 1,200 latte_v2 requests at
 * concurrency 16, TurboFan compiling on V8's background threads throughout the first), so with a
 * few requests of warm-up the first cells measured a server still compiling (the concurrency-1
 * cells most, slowed by unoptimised code, which inflated c16 / c1).
 */
async function warmRoute(srv: Server, requests: readonly RouteRequest[]): Promise<void> {
  const key = await srv.newKey();
  for (const model of MODELS) {
    const share = model === 'latte_v1' ? requests.slice(0, Math.max(4, Math.round(requests.length / 8))) : requests;
    await forkLoad({ base: srv.base, key, model, concurrency: 16, requests: [...share] });
  }
}

function printHttp(cells: readonly ThroughputCell[], health: readonly HealthStats[], ratio: RatioResult, engine: string): void {
  console.log(`\n## Throughput through POST ${ROUTE} (default ratio; no per-account concurrency cap: MAX_CONCURRENT_PER_ACCOUNT=0; ${engine})\n`);
  const c1 = (c: ThroughputCell) => cells.find((x) => x.model === c.model && x.batching === c.batching && x.concurrency === 1)!;
  console.log(
    mdTable(
      ['model', 'dynamic batching', 'concurrency', 'requests', 'avg tokens', 'req/s', 'tokens/s', 'p50 ms', 'p99 ms', 'vs c1', 'server CPU ms/request', 'server cores busy', 'client cores busy'],
      cells.map((c) => [c.model, c.batching ? 'on' : 'off', String(c.concurrency), String(c.requests), fmt(c.avgTokens), c.rps.toFixed(2), fmt(c.tokensPerS), fmt(c.p50), fmt(c.p99), `${(c.tokensPerS / c1(c).tokensPerS).toFixed(2)}x`, c.cpuMsPerRequest.toFixed(1), c.coresBusy.toFixed(2), c.clientCoresBusy.toFixed(2)]),
    ),
  );
  for (const model of MODELS.filter((m) => cells.some((c) => c.model === m))) {
    const at = (batching: boolean, concurrency: number) => cells.find((x) => x.model === model && x.batching === batching && x.concurrency === concurrency)!;
    const line = [true, false].map((b) => `batching ${b ? 'on' : 'off'} ${(at(b, 16).tokensPerS / at(b, 1).tokensPerS).toFixed(2)}x`).join(', ');
    console.log(`${model} c16/c1 throughput: ${line}; c16 batching on/off: ${(at(true, 16).tokensPerS / at(false, 16).tokensPerS).toFixed(2)}x`);
  }
  console.log(`\n## GET ${HEALTH} latency (polled every ~50 ms from a child process of its own)\n`);
  console.log(mdTable(['state', 'samples', 'p50 ms', 'p99 ms', 'max ms'], health.map((h) => [h.state, String(h.samples), h.p50.toFixed(1), h.p99.toFixed(1), h.max.toFixed(1)])));
  console.log(`\n## latte_v1 / latte_v2 through the route (sequential, alternating, ~${fmt(ratio.avgTokens)}-token requests, ${ratio.requests} each)\n`);
  console.log(
    mdTable(
      ['model', 'mean ms/request', 'median ms', 'ms/1k tokens'],
      MODELS.map((m) => [m, fmt(ratio.msPerRequest[m]), fmt(ratio.medianMs[m]), (ratio.msPerRequest[m] / (ratio.avgTokens / 1000)).toFixed(1)]),
    ),
  );
  console.log(`latte_v1 / latte_v2 time per request: ${ratio.ratio.toFixed(2)}x`);
}

// ---------------------------------------------------------------------------------------------
// Main

function plot(cells: readonly CellResult[]): string {
  const series: Series[] = [];
  for (const model of MODELS) {
    for (const mode of ['coarse', 'fine'] as const) {
      const points = cells.filter((c) => c.model === model && c.mode === mode).map((c) => ({ x: c.tokens, y: c.runs.find((r) => r.label === '2x')!.ms }));
      if (points.length) series.push({ name: `${model} ${mode}`, points });
    }
  }
  return logLogChart('Engine latency at 2x against context size', series, 'context tokens (o200k)', 'latency ms');
}

/** One account warms each server, so the warm-up stays within its latte_v2 rpm (2,000 at tier 5). */
function warmupCount(raw: string): number {
  const n = count('warmup', raw);
  if (n > 1_900) throw new Error(`--warmup: at most 1,900 (one tier-5 account's latte_v2 requests per minute), got ${raw}`);
  return n;
}

/** A positive integer flag. */
function count(flag: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${flag}: a positive integer, got ${raw}`);
  return n;
}

export async function main(argv: readonly string[]): Promise<void> {
  const { values: args } = parseArgs({
    args: [...argv],
    options: {
      cell: { type: 'string' },
      sizes: { type: 'string' },
      quick: { type: 'boolean', default: false },
      load: { type: 'boolean', default: false },
      probe: { type: 'boolean', default: false },
      workers: { type: 'string' },
      threads: { type: 'string' },
      nice: { type: 'string' },
      'v1-1m': { type: 'boolean', default: false },
      requests: { type: 'string' },
      sequential: { type: 'string' },
      warmup: { type: 'string' },
      only: { type: 'string' },
      model: { type: 'string' },
      models: { type: 'string', default: 'models' },
      out: { type: 'string', default: fileURLToPath(new URL('../out/', import.meta.url)) },
    },
  });
  if (args.load === true) {
    const spec = await new Promise<LoadSpec>((resolve) => process.once('message', (m) => resolve(m as LoadSpec)));
    const loadResult = await runLoad(spec);
    await new Promise((resolve) => process.send!(loadResult, resolve));
    return;
  }
  if (args.probe === true) {
    const spec = await new Promise<{ base: string; samples?: number }>((resolve) => process.once('message', (m) => resolve(m as { base: string })));
    let stopped = false;
    process.once('message', () => (stopped = true));
    // A fresh process's first fetch loads and compiles the HTTP client: not the server's latency.
    await (await fetch(`${spec.base}${HEALTH}`)).arrayBuffer();
    let polls = 0;
    const ms = await pollHealth(spec.base, () => stopped || (spec.samples !== undefined && ++polls > spec.samples));
    await new Promise((resolve) => process.send!(ms, resolve));
    return;
  }
  if (args.cell !== undefined) {
    const cell = await runCell(JSON.parse(args.cell) as CellSpec);
    // Wait for the message to leave before the caller exits the process.
    await new Promise((resolve) => process.send!(cell, resolve));
    return;
  }
  const quick = args.quick === true;
  const sizes = (args.sizes ?? (quick ? '1000,10000' : '1000,10000,100000,1000000')).split(',').map(Number).sort((a, b) => a - b);
  if (sizes.some((s) => !Number.isInteger(s) || s <= 0)) throw new Error(`--sizes: positive integers, got ${args.sizes}`);
  const only = args.only;
  if (only !== undefined && only !== 'engine' && only !== 'http') throw new Error(`--only: engine or http, got ${only}`);

  const models = args.model === undefined ? MODELS : MODELS.filter((x) => x === args.model);
  if (!models.length) throw new Error(`--model: ${MODELS.join(' or ')}, got ${args.model}`);

  mkdirSync(args.out!, { recursive: true });
  const file = (ext: string) => path.join(args.out!, `speed${quick ? '-quick' : ''}.${ext}`);

  const m = machine();
  console.log(`# Speed benchmark${quick ? ' (--quick: a check of the bench, not figures to quote)' : ''}\n\n${machineLine(m)}`);
  const squad = loadSquad();
  const result: Record<string, unknown> = { date: new Date().toISOString(), machine: m, quick, sizes };

  if (only !== 'http') {
    const { cells, skipped } = await costCurve(models, sizes, args.models!, args['v1-1m'] === true);
    printCostCurve(cells, skipped);
    Object.assign(result, { costCurve: cells, skipped });
    writeFileSync(file('svg'), plot(cells));
  }
  if (only !== 'engine') {
    const served = loadConfig(args.nice === undefined ? {} : { ENGINE_NICE: args.nice });
    const nice = served.engineNice;
    const workers = count('workers', args.workers ?? String(served.engineWorkers));
    const threads = args.threads === undefined ? undefined : count('threads', args.threads);
    const http = await httpParts(squad, {
      modelsDir: args.models!,
      requests: count('requests', args.requests ?? (quick ? '16' : '320')),
      sequential: count('sequential', args.sequential ?? (quick ? '3' : '12')),
      healthIdleSamples: quick ? 20 : 100,
      workers,
      threads,
      nice,
      models,
      warmup: warmupCount(args.warmup ?? (quick ? '16' : '1200')),
    });
    printHttp(http.cells, http.health, http.ratio, `ENGINE_WORKERS=${workers}, onnxruntime threads per call: ${threads ?? (workers > 1 ? 'all cores while one worker is busy, cores / workers while several are' : 'all cores')}, engine threads at ENGINE_NICE=${nice}`);
    Object.assign(result, { engineWorkers: workers, onnxThreads: threads ?? null, engineNice: nice, throughput: http.cells, health: http.health, v1v2: http.ratio });
  }
  writeFileSync(file('json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwrote ${file('json')}${only !== 'http' ? ` and ${file('svg')}` : ''}`);
}

// Run directly (`tsx bench/speed/speed.ts`, and the --cell children) rather than through bench/run.ts.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
  // onnxruntime's thread pool can keep the process alive; everything is written by now.
  process.exit(process.exitCode ?? 0);
}

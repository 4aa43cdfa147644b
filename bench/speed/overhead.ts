/**
 * Fixed-cost benchmark (`npm run bench -- --overhead`): what the server itself spends on one
 * question-specific request, next to what the model spends on it.
 *
 * The app is built as in production (createApp, the OpenAPI validator, key auth, tier, rate limits,
 * hold, settle, usage rows, o200k counting) but over a backend whose compress() answers with a
 * precomputed, plausible result after the model's measured p50 (a timer: no CPU), so a request's
 * time less that wait is what the server adds to the model's time. The hold is taken while the
 * engine runs (server/billing/meter.ts); every cell is also run with the hold taken first
 * (`overlapHold: false`, the meter before 2026-11-26) for comparison in the same run. With
 * `--model-requests 0` the backend answers at once. Each request is
 * followed through its phases (an AsyncLocalStorage record per request, wrappers around the
 * services it calls, every PostgreSQL round trip counted at pg.Client). Stores: embedded PGlite with
 * in-memory limits, then PostgreSQL (DATABASE_URL, a throwaway schema) with Redis (REDIS_URL) limits
 * when those are set. Requests carry ~2,000-token SQuAD haystacks, latte_v1 and latte_v2, sent one
 * at a time and at `--concurrency` by a child process (bench/speed/overhead-client.ts), so this process's
 * CPU time per request is the server's own (PGlite included; PostgreSQL and Redis are other
 * processes). Model time is measured in the same run: the real engine (createEngine over the ONNX
 * scorer) on the same contexts, wall and CPU time, with the ONNX scorer's part shown. On a shared
 * machine the CPU figures move less than the wall-clock ones.
 *
 * Every account is seeded to tier 5 with `--history` settled usage rows this month (a tier-5 account
 * has tens of thousands), a fresh one per cell so rate limits never answer 429.
 *
 * Flags: --requests N (per cell, default 200), --concurrency C (default 4), --history N (default
 * 20000), --budget (every key has a monthly budget, so each hold checks the key's month, and the
 * history is the keys'), --model-requests N (engine calls per model, default 8; 0 skips model
 * time and the route with the engine), --route-requests N (latte_v2 requests per app through the
 * route with the real engine pool; latte_v1 a quarter; default 40), --tokens N (context size,
 * default 2000), --models DIR.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { pino } from 'pino';
import { createApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { CompressionBackend } from '../../server/compression/compression-backend.js';
import { createEngine, type EngineRequest, type EngineResult } from '../../server/compression/engine/engine.js';
import { keepFraction } from '../../server/compression/engine/ratio.js';
import { countTokens } from '../../server/compression/engine/text/tokens.js';
import { createDb, dropSchema, type DbHandle } from '../../server/db/create-db.js';
import { createEnginePool } from '../../server/compression/runtime/engine-pool.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { createOnnxWordScorer } from '../../server/model/onnx-word-scorer.js';
import type { WordScorer } from '../../server/model/word-scorer.js';
import { weightsOnDisk } from '../../server/model/weights-availability.js';
import { createQuotaStore, type QuotaStore } from '../../server/rate-limit/quota.js';
import { createRedisClient } from '../../server/rate-limit/redis-client.js';
import { createServices, type Services } from '../../server/services.js';
import { machineHeader, mdTable, quantile } from '../lib/common.js';
import type { ClientJob, ClientResult } from './overhead-client.js';
import { haystack, loadSquad, rng } from '../lib/squad.js';

const MODELS = ['latte_v1', 'latte_v2'] as const;
type Model = (typeof MODELS)[number];
const RATIO = 4;

/** The phases a request is split into, in order; `other` is what the named ones leave. */
const PHASES = ['http+validate', 'auth', 'count', 'tier', 'limits', 'hold', 'engine', 'settle', 'respond', 'other'] as const;
type Phase = (typeof PHASES)[number];

interface Trace {
  t0: number;
  end: number;
  phases: Map<Phase, number>;
  marks: Partial<Record<'authStart' | 'meterStart' | 'limitsStart' | 'settleEnd', number>>;
  roundTrips: Map<Phase | 'outside', number>;
  phase: Phase | undefined;
}

const als = new AsyncLocalStorage<Trace>();
let unattributed = 0;

// Every statement the app sends (begin and commit included) goes through pg.Client#query, on
// PGlite's bridge as on a real server: count them per request and phase.
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const trace = als.getStore();
  if (trace) {
    const at = trace.phase ?? 'outside';
    trace.roundTrips.set(at, (trace.roundTrips.get(at) ?? 0) + 1);
  }
  return clientQuery.apply(this, args);
} as typeof pg.Client.prototype.query;

/** Times an async function as one phase of the request it runs in. */
function timed<A extends unknown[], R>(phase: Phase, fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    const trace = als.getStore();
    if (!trace) {
      unattributed++;
      return fn(...args);
    }
    const outer = trace.phase;
    trace.phase = phase;
    const t = performance.now();
    try {
      return await fn(...args);
    } finally {
      trace.phases.set(phase, (trace.phases.get(phase) ?? 0) + performance.now() - t);
      if (phase === 'settle') trace.marks.settleEnd = performance.now();
      trace.phase = outer;
    }
  };
}

/** Marks a point of the request (the tier is read between the meter's start and the limits). */
function marked<A extends unknown[], R>(mark: keyof Trace['marks'], fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return (...args: A) => {
    const trace = als.getStore();
    if (trace) trace.marks[mark] = performance.now();
    return fn(...args);
  };
}

/** Wraps the services the request path calls; the meter and the key middleware look them up per call. */
function instrument(services: Services): void {
  const keys = services.keys;
  keys.authenticate = marked('authStart', timed('auth', keys.authenticate.bind(keys)));
  const limits = services.limits;
  const enforce = limits.enforce.bind(limits);
  limits.enforce = timed('limits', async (input) => {
    const trace = als.getStore();
    if (trace) trace.marks.limitsStart = performance.now();
    return enforce(input);
  });
  const billing = services.billing;
  billing.authorize = timed('hold', billing.authorize.bind(billing));
  billing.settle = timed('settle', billing.settle.bind(billing));
  const meter = services.meter;
  services.meter = ((call, work, hooks) => {
    const trace = als.getStore();
    if (trace) trace.marks.meterStart = performance.now();
    // The tier is read before the limits: everything from here to enforce() is tier time.
    if (trace) trace.phase = 'tier';
    return meter(call, work, hooks).finally(() => {
      if (trace) trace.phase = undefined;
    });
  }) as Services['meter'];
}

/**
 * A backend with real o200k counting and a compress() that looks up a precomputed result after
 * `engineMs` of its model (a timer, so the server's own work has the cores to itself).
 */
function stubBackend(results: Map<string, EngineResult>, engineMs: Partial<Record<Model, number>>): CompressionBackend {
  return {
    countTokens: timed('count', async (texts) => texts.map(countTokens)),
    compress: timed('engine', async (requests: readonly EngineRequest[]) => {
      const wait = engineMs[requests[0]?.weights as Model] ?? 0;
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      return requests.map((r) => {
        const hit = results.get(r.context);
        if (!hit) throw new Error('overhead bench: a context without a precomputed result');
        return hit;
      });
    }),
    close: async () => undefined,
  };
}

/** What the engine's output looks like at RATIO: the leading paragraphs that fit the budget. */
function plausibleResult(context: string): EngineResult {
  const originalTokens = countTokens(context);
  const budget = Math.round(originalTokens * keepFraction(RATIO));
  const kept: string[] = [];
  let tokens = 0;
  for (const p of context.split('\n\n')) {
    const n = countTokens(p);
    if (tokens + n > budget && kept.length) break;
    kept.push(p);
    tokens += n;
  }
  const compressed = `${kept.join('\n\n')}\n\n[...]`;
  return { compressed, originalTokens, compressedTokens: countTokens(compressed) };
}

interface Store {
  name: string;
  db: DbHandle;
  quotas: QuotaStore;
  close(): Promise<void>;
}

async function openStores(): Promise<Store[]> {
  const stores: Store[] = [];
  const lite = await createDb({ dataDir: 'memory://' });
  await migrateToLatest(lite.db);
  stores.push({ name: 'PGlite, in-memory limits', db: lite, quotas: createQuotaStore(), close: () => lite.close() });
  const env = loadConfig();
  if (env.databaseUrl) {
    const schema = `overhead_${process.pid}_${Date.now().toString(36)}`;
    const db = await createDb({ databaseUrl: env.databaseUrl, schema });
    await migrateToLatest(db.db, db.schema);
    const redis = env.redisUrl ? createRedisClient(env.redisUrl, pino({ level: 'silent' })) : undefined;
    if (redis) await new Promise((r) => (redis.status === 'ready' ? r(undefined) : redis.once('ready', r)));
    stores.push({
      name: `PostgreSQL, ${redis ? 'Redis' : 'in-memory'} limits`,
      db,
      quotas: createQuotaStore({ redis, keyPrefix: `crema-overhead-${randomBytes(4).toString('hex')}` }),
      close: async () => {
        redis?.disconnect();
        await db.close();
        await dropSchema(env.databaseUrl!, schema);
      },
    });
  }
  return stores;
}

interface Cell {
  store: string;
  /** The hold taken while the engine runs (served) or before it. */
  overlap: boolean;
  model: Model;
  concurrency: number;
  traces: Trace[];
  clientMs: number[];
  seconds: number;
  /** CPU time of this (the server's) process per request, threads included. */
  cpuMs: number;
}

/** User + system CPU time of this process so far, ms. */
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Sends the measured load from a child process and waits for its latencies. */
function runClient(job: ClientJob): Promise<ClientResult> {
  const child = fork(new URL('./overhead-client.ts', import.meta.url), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  return new Promise<ClientResult>((resolve, reject) => {
    child.once('message', (m) => {
      resolve(m as ClientResult);
      child.disconnect();
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`overhead client exited with ${code}`)));
    child.send(job);
  });
}

const serverMs = (t: Trace) => t.end - t.t0 - (t.phases.get('engine') ?? 0);

/** The named phases of one trace, `other` being the rest of its server time. */
function phaseTimes(t: Trace): Record<Phase, number> {
  const m = t.marks;
  const out = Object.fromEntries(PHASES.map((p) => [p, t.phases.get(p) ?? 0])) as Record<Phase, number>;
  out['http+validate'] = (m.authStart ?? t.t0) - t.t0;
  out.tier = m.meterStart !== undefined && m.limitsStart !== undefined ? m.limitsStart - m.meterStart : 0;
  out.respond = m.settleEnd !== undefined ? t.end - m.settleEnd : 0;
  const named = PHASES.filter((p) => p !== 'other').reduce((s, p) => s + out[p], 0);
  out.other = Math.max(0, t.end - t.t0 - named);
  return out;
}

const TIER5_TOKENS = 1e8;

/**
 * A tier-5 account with `keys` keys and `history` settled rows this month. With `budget` each key
 * has a monthly budget (so every hold checks what the key spent this month) and the history is
 * spread over the keys; without, the history has no key.
 */
async function seedAccount(db: DbHandle, call: (path: string, body: object, headers?: Record<string, string>) => Promise<any>, label: string, history: number, keys: number, budget: boolean) {
  const signup = await call('/api/auth/signup', { email: `${label}@overhead.example`, password: 'overhead benchmark password' });
  const accountId: string = signup.data.account.id;
  await db.db.updateTable('accounts').set({ balance_nusd: 1e15 }).where('id', '=', accountId).execute();
  // One row that reaches tier 5 (so the account may hold several keys), then the month's history of ordinary requests.
  const insertRows = (from: number, to: number, keyIds: string[]) => sql`
    insert into usage_events (request_id, account_id, api_key_id, family, model, operation, status, rows, original_tokens, compressed_tokens, reserved_nusd, cost_nusd, created_at, settled_at)
    select ${label} || '-' || g, ${accountId}::uuid, (${keyIds}::uuid[])[1 + g % greatest(1, cardinality(${keyIds}::uuid[]))], 'question-specific', 'latte_v1', 'single', 'settled', 1,
      case when g = 0 then ${TIER5_TOKENS * 2} else 2000 end, case when g = 0 then ${TIER5_TOKENS} else 500 end, 200000, 200000, now() - (g || ' seconds')::interval, now()
    from generate_series(${from}::int, ${to}::int) g`.execute(db.db);
  await insertRows(0, 0, []);
  const created: Array<{ id: string; key: string }> = [];
  for (let i = 0; i < keys; i++) {
    created.push((await call('/api/keys', { name: `k${i}`, ...(budget ? { monthly_budget_usd: 1_000_000 } : {}) }, { Authorization: `Bearer ${signup.data.token}` })).data);
  }
  await insertRows(1, history, budget ? created.map((k) => k.id) : []);
  await sql`analyze usage_events`.execute(db.db);
  return created.map((k) => k.key);
}

/**
 * `requests` latte_v2 requests from the load generator, untimed, one sender per key. V8 compiles the
 * route's hot code over a server's first ~2,000 requests (bench/speed/speed.ts, warmRoute), so cells
 * measured without this would time a server still compiling.
 */
async function warmUp(base: string, keys: string[], contexts: Array<{ context: string; query: string }>, requests: number): Promise<void> {
  const bodies = contexts.map((c) => JSON.stringify({ ...c, compression_model_name: 'latte_v2', target_compression_ratio: RATIO }));
  const warm = await runClient({ base, path: '/api/compress/question-specific/', keys, bodies, requests });
  if (warm.failures.length) throw new Error(`overhead bench warm-up: ${warm.failures.join('; ')}`);
}

/** POSTs JSON and returns the parsed answer; any status from 300 up is an error. */
async function postJson(base: string, path: string, body: object, headers: Record<string, string> = {}): Promise<any> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function measureStore(store: Store, contexts: Array<{ context: string; query: string }>, backend: CompressionBackend, overlap: boolean, opts: { requests: number; concurrency: number; history: number; budget: boolean; warmup: number }): Promise<Cell[]> {
  const config = { ...loadConfig({}), logLevel: 'silent', maxConcurrentPerAccount: Math.max(4, opts.concurrency) };
  const services = createServices({ db: store.db.db, quotas: store.quotas, clock: () => new Date(), sessionTtlMs: 3_600_000, overlapHold: overlap });
  instrument(services);
  const app = createApp({ config, db: store.db, logger: pino({ level: 'silent' }), quotas: store.quotas, services, backend, weights: { isAvailable: () => true } as never });
  let current: Trace[] = [];
  const server = http.createServer((req, res) => {
    const trace: Trace = { t0: performance.now(), end: 0, phases: new Map(), marks: {}, roundTrips: new Map(), phase: undefined };
    if (req.url?.startsWith('/api/compress/')) current.push(trace);
    res.once('finish', () => {
      trace.end = performance.now();
    });
    als.run(trace, () => app(req, res));
  });
  server.keepAliveTimeout = 120_000;
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = (path: string, body: object, headers?: Record<string, string>) => postJson(base, path, body, headers);

  const cells: Cell[] = [];
  let n = 0;
  const tag = `${randomBytes(3).toString('hex')}-${overlap ? 'o' : 's'}`;
  if (opts.warmup > 0) await warmUp(base, await seedAccount(store.db, call, `${tag}-warm`, 0, opts.concurrency, opts.budget), contexts, opts.warmup);
  for (const concurrency of new Set([1, opts.concurrency])) {
    for (const model of MODELS) {
      const keys = await seedAccount(store.db, call, `${tag}-${model}-c${concurrency}`, opts.history, concurrency, opts.budget);
      const send = async (i: number, key: string) => {
        const c = contexts[i % contexts.length]!;
        const t = performance.now();
        const r = await call('/api/compress/question-specific/', { ...c, compression_model_name: model, target_compression_ratio: RATIO }, { 'X-API-Key': key });
        if (r.data.original_tokens === 0) throw new Error('empty result');
        return performance.now() - t;
      };
      // Warm-up (JIT, the validator's compiled schemas, prepared plans), not measured: its traces
      // go to a scratch array, not to the cell measured before.
      current = [];
      for (let i = 0; i < 20; i++) await send(i, keys[0]!);
      const bodies = contexts.map((c) => JSON.stringify({ ...c, compression_model_name: model, target_compression_ratio: RATIO }));
      current = [];
      // The client starts (a child process, a second or so) before the CPU clock does.
      const client = runClient({ base, path: '/api/compress/question-specific/', keys, bodies: bodies.slice(n % bodies.length).concat(bodies.slice(0, n % bodies.length)), requests: opts.requests });
      const cpu0 = cpuNow();
      const { ms: clientMs, seconds, failures } = await client;
      const cpuMs = (cpuNow() - cpu0) / opts.requests;
      if (failures.length) throw new Error(`overhead bench: ${failures.join('; ')}`);
      n += opts.requests;
      cells.push({ store: store.name, overlap, model, concurrency, traces: current, clientMs, seconds, cpuMs });
      process.stdout.write(`  ${store.name}, hold ${overlap ? 'while the engine runs' : 'first'}, ${model}, concurrency ${concurrency}: ${opts.requests} requests in ${seconds.toFixed(1)} s\n`);
    }
  }
  server.close();
  server.closeAllConnections();
  return cells;
}

/** What the question-specific route asks of the engine for `c` at RATIO, coarse (its defaults). */
const engineRequest = (c: { context: string; query: string }, model: Model): EngineRequest => ({
  context: c.context,
  query: c.query,
  weights: model,
  ratio: RATIO,
  defaultRatio: 0.5,
  coarse: true,
  heuristicChunking: false,
  placeholders: true,
  originalTokens: countTokens(c.context),
});

interface RouteLatency {
  /** The hold taken while the engine runs or first; undefined: the engine pool called directly, no HTTP. */
  overlap: boolean | undefined;
  model: Model;
  ms: number[];
}

/**
 * The served route end to end: the real engine pool (ENGINE_WORKERS, ENGINE_NICE as served), one
 * app with the hold taken while the engine runs and one with it taken first, on one PGlite store,
 * sequential requests alternating between the two so that the host's drift hits both alike.
 */
async function routeLatencies(modelsDir: string, contexts: Array<{ context: string; query: string }>, count: number, history: number, warmup: number): Promise<RouteLatency[]> {
  const config = { ...loadConfig({}), modelsDir, logLevel: 'silent' };
  const db = await createDb({ dataDir: 'memory://' });
  await migrateToLatest(db.db);
  const backend = createEnginePool({ modelsDir, workers: config.engineWorkers, nice: config.engineNice });
  const servers: Array<{ overlap: boolean; base: string; server: http.Server }> = [];
  for (const overlap of [true, false]) {
    const quotas = createQuotaStore();
    const services = createServices({ db: db.db, quotas, clock: () => new Date(), sessionTtlMs: 3_600_000, overlapHold: overlap });
    const app = createApp({ config, db, logger: pino({ level: 'silent' }), quotas, services, backend, weights: weightsOnDisk(modelsDir) });
    const server = app.listen(0, '127.0.0.1');
    server.keepAliveTimeout = 120_000;
    await new Promise((r) => server.once('listening', r));
    servers.push({ overlap, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server });
  }
  const out: RouteLatency[] = [];
  try {
    for (const [k, s] of servers.entries()) {
      if (warmup > 0) await warmUp(s.base, await seedAccount(db, (p, b, h) => postJson(s.base, p, b, h), `route-warm-${k}-${randomBytes(3).toString('hex')}`, 0, 4, false), contexts, warmup);
    }
    for (const model of MODELS) {
      const n = model === 'latte_v1' ? Math.max(4, Math.round(count / 4)) : count;
      const keys = await Promise.all(servers.map(async (s, i) => (await seedAccount(db, (p, b, h) => postJson(s.base, p, b, h), `route-${model}-${i}-${randomBytes(3).toString('hex')}`, history, 1, false))[0]!));
      const send = async (i: number, k: number) => {
        const c = contexts[i % contexts.length]!;
        const t = performance.now();
        await postJson(servers[k]!.base, '/api/compress/question-specific/', { ...c, compression_model_name: model, target_compression_ratio: RATIO }, { 'X-API-Key': keys[k]! });
        return performance.now() - t;
      };
      // Warm-up: every engine worker loads the network, JIT, the validator's compiled schemas.
      for (let i = 0; i < 2 * config.engineWorkers + 2; i++) for (let k = 0; k < servers.length; k++) await Promise.all(Array.from({ length: config.engineWorkers }, () => send(i, k)));
      const direct = async (i: number) => {
        const t = performance.now();
        await backend.compress([engineRequest(contexts[i % contexts.length]!, model)]);
        return performance.now() - t;
      };
      const rows: RouteLatency[] = [...servers.map((s) => ({ overlap: s.overlap, model, ms: [] as number[] })), { overlap: undefined, model, ms: [] }];
      const measure = [(i: number) => send(i, 0), (i: number) => send(i, 1), direct];
      for (let i = 0; i < n; i++) {
        // Rotate which goes first too.
        for (let j = 0; j < measure.length; j++) {
          const k = (i + j) % measure.length;
          rows[k]!.ms.push(await measure[k]!(i));
        }
      }
      out.push(...rows);
      process.stdout.write(`  route with the engine, ${model}: ${n} requests per server\n`);
    }
  } finally {
    for (const s of servers) {
      s.server.close();
      s.server.closeAllConnections();
    }
    await backend.close();
    await db.close();
  }
  return out;
}

interface ModelTime {
  /** Wall time of each engine call. */
  ms: number[];
  /** Of which in the ONNX scorer (tokenising and inference). */
  scoringMs: number[];
  /** CPU time of this process per call (onnxruntime's threads included). */
  cpuMs: number;
}

/** Engine time per request, in-process, for each model on the same contexts. */
async function modelTimes(modelsDir: string, contexts: Array<{ context: string; query: string }>, count: number): Promise<Map<Model, ModelTime>> {
  const onnx = createOnnxWordScorer({ modelsDir });
  let scoring = 0;
  const timedScorer: WordScorer = {
    async score(requests, cancelled) {
      const t = performance.now();
      try {
        return await onnx.score(requests, cancelled);
      } finally {
        scoring += performance.now() - t;
      }
    },
  };
  const engine = createEngine(timedScorer);
  const out = new Map<Model, ModelTime>();
  for (const model of MODELS) {
    const request = (c: { context: string; query: string }) => engineRequest(c, model);
    await engine.compress([request(contexts[0]!)]);
    await engine.compress([request(contexts[1 % contexts.length]!)]);
    const ms: number[] = [];
    const scoringMs: number[] = [];
    const cpu0 = cpuNow();
    for (let i = 0; i < count; i++) {
      scoring = 0;
      const t = performance.now();
      await engine.compress([request(contexts[i % contexts.length]!)]);
      ms.push(performance.now() - t);
      scoringMs.push(scoring);
    }
    out.set(model, { ms, scoringMs, cpuMs: (cpuNow() - cpu0) / count });
  }
  return out;
}

/** SQuAD haystacks of at least `tokens` o200k tokens: a gold paragraph and distractors. */
function buildContexts(tokens: number, count: number): Array<{ context: string; query: string }> {
  const squad = loadSquad();
  const random = rng(11);
  return squad.items.slice(0, count).map((item, i) => {
    let k = 10;
    let context = haystack(squad, item, k, i, random);
    while (countTokens(context) < tokens) context = haystack(squad, item, ++k, i, random);
    return { context, query: item.question };
  });
}

const f = (ms: number) => (ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));

export async function main(argv: readonly string[]): Promise<void> {
  const { values: args } = parseArgs({
    args: [...argv],
    options: {
      overhead: { type: 'boolean' },
      requests: { type: 'string', default: '200' },
      warmup: { type: 'string', default: '1000' },
      concurrency: { type: 'string', default: '4' },
      history: { type: 'string', default: '20000' },
      budget: { type: 'boolean', default: false },
      'model-requests': { type: 'string', default: '8' },
      'route-requests': { type: 'string', default: '40' },
      tokens: { type: 'string', default: '2000' },
      models: { type: 'string', default: 'models' },
    },
  });
  const counts = { requests: Number(args.requests), concurrency: Number(args.concurrency), history: Number(args.history) };
  const opts = { ...counts, budget: args.budget === true, warmup: Number(args.warmup) };
  for (const [name, v] of Object.entries({ ...counts, warmup: opts.warmup, 'model-requests': Number(args['model-requests']), 'route-requests': Number(args['route-requests']), tokens: Number(args.tokens) })) {
    if (!(Number.isInteger(v) && v >= (name === 'history' || name === 'model-requests' || name === 'warmup' ? 0 : 1))) throw new Error(`--${name} must be a positive integer`);
  }
  // Each cell is a fresh tier-5 account: its warm-up and requests must fit latte_v1's 1,000 rpm.
  if (opts.requests + 20 > 1_000) throw new Error('--requests must be at most 980 (a cell stays within tier 5 latte_v1 rpm)');
  if (opts.warmup > 2_000) throw new Error('--warmup must be at most 2,000 (its account stays within tier 5 latte_v2 rpm)');
  console.log(machineHeader());
  const contexts = buildContexts(Number(args.tokens), 24);
  const avgTokens = contexts.reduce((s, c) => s + countTokens(c.context), 0) / contexts.length;
  const results = new Map(contexts.map((c) => [c.context, plausibleResult(c.context)]));
  console.log(`question-specific route, ${contexts.length} contexts of ~${Math.round(avgTokens)} tokens (o200k), ratio ${RATIO}x, ${opts.requests} requests per cell, accounts at tier 5 with ${opts.history} usage rows this month${opts.budget ? ', spread over keys that each have a monthly budget' : ''}`);

  // Model time first: the stub backend then waits that long per call.
  const modelRequests = Number(args['model-requests']);
  if (modelRequests > 0) console.log('measuring model time (in-process engine, ONNX)...');
  const model = modelRequests > 0 ? await modelTimes(args.models!, contexts, modelRequests) : undefined;
  const engineMs = Object.fromEntries(MODELS.map((m) => [m, model ? quantile(model.get(m)!.ms, 0.5) : 0]));
  const backend = stubBackend(results, engineMs);

  const stores = await openStores();
  const cells: Cell[] = [];
  for (const store of stores) {
    for (const overlap of [true, false]) cells.push(...(await measureStore(store, contexts, backend, overlap, opts)));
    await store.close();
  }
  if (unattributed) console.log(`(${unattributed} wrapped calls ran outside a traced request)`);

  const holdLabel = (overlap: boolean) => (overlap ? 'hold while the engine runs (served)' : 'hold first');
  for (const store of stores) {
    const variants = [true, false].flatMap((overlap) => [...new Set([1, opts.concurrency])].map((concurrency) => ({ overlap, concurrency })));
    for (const { overlap, concurrency } of variants) {
      const mine = cells.filter((c) => c.store === store.name && c.overlap === overlap && c.concurrency === concurrency);
      console.log(`\n**${store.name}, ${holdLabel(overlap)}, ${concurrency === 1 ? 'sequential' : `concurrency ${concurrency}`}: server time per request by phase, ms${model ? ' (engine: a wait of the model\'s p50)' : ''}**\n`);
      const header = ['phase', ...mine.flatMap((c) => [`${c.model} p50`, 'p99']), 'round trips'];
      const rows = PHASES.map((phase) => {
        const trips = mine[0]!.traces.reduce((s, t) => s + (t.roundTrips.get(phase) ?? 0), 0) / mine[0]!.traces.length;
        return [phase, ...mine.flatMap((c) => {
          const xs = c.traces.map((t) => phaseTimes(t)[phase]);
          return [f(quantile(xs, 0.5)), f(quantile(xs, 0.99))];
        }), trips ? trips.toFixed(1) : ''];
      });
      const trips = mine[0]!.traces.reduce((s, t) => s + [...t.roundTrips.values()].reduce((a, b) => a + b, 0), 0) / mine[0]!.traces.length;
      rows.push(['server total (no engine)', ...mine.flatMap((c) => [f(quantile(c.traces.map(serverMs), 0.5)), f(quantile(c.traces.map(serverMs), 0.99))]), trips.toFixed(1)]);
      rows.push(['client latency', ...mine.flatMap((c) => [f(quantile(c.clientMs, 0.5)), f(quantile(c.clientMs, 0.99))]), '']);
      console.log(mdTable(header, rows));
      console.log(`\nserver process CPU per request: ${mine.map((c) => `${c.model} ${f(c.cpuMs)} ms`).join(', ')}; throughput: ${mine.map((c) => `${c.model} ${(c.traces.length / c.seconds).toFixed(0)} req/s`).join(', ')}`);
    }
  }

  if (!model) return;
  console.log('measuring the route with the real engine, hold while the engine runs and hold first...');
  const route = await routeLatencies(args.models!, contexts, Number(args['route-requests']), opts.history, opts.warmup);
  console.log(`\n**model time (engine in-process on the same contexts, ${args['model-requests']} requests of ~${Math.round(avgTokens)} tokens per model) and server overhead as a share of it**\n`);
  console.log(
    mdTable(
      ['model', 'engine p50 ms', 'engine p99 ms', 'of which ONNX scoring p50', 'rest of the engine p50', 'engine CPU ms/request'],
      MODELS.map((m) => {
        const t = model.get(m)!;
        const rest = t.ms.map((x, i) => x - t.scoringMs[i]!);
        return [m, f(quantile(t.ms, 0.5)), f(quantile(t.ms, 0.99)), f(quantile(t.scoringMs, 0.5)), f(quantile(rest, 0.5)), f(t.cpuMs)];
      }),
    ),
  );
  console.log();
  const shareRows = cells.map((c) => {
    const t = model.get(c.model)!;
    const modelP50 = quantile(t.ms, 0.5);
    const o50 = quantile(c.traces.map(serverMs), 0.5);
    const o99 = quantile(c.traces.map(serverMs), 0.99);
    const pct = (x: number, of: number) => `${((100 * x) / of).toFixed(1)}%`;
    return [c.store, holdLabel(c.overlap), c.concurrency === 1 ? 'sequential' : `concurrency ${c.concurrency}`, c.model, f(o50), f(o99), pct(o50, modelP50), pct(o99, modelP50), f(c.cpuMs), pct(c.cpuMs, t.cpuMs)];
  });
  console.log(mdTable(['store', 'hold', 'load', 'model', 'overhead p50 ms', 'p99 ms', 'p50 / engine p50', 'p99 / engine p50', 'server CPU ms/req', 'CPU / engine CPU'], shareRows));
  console.log(`\n**the route with the real engine pool (ENGINE_WORKERS=${loadConfig({}).engineWorkers}), sequential, the two apps and the pool called directly taking turns: latency, ms, and what the route adds to the pool's**\n`);
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(
    mdTable(
      ['call', 'model', 'requests', 'p50', 'p90', 'mean', 'mean - pool mean', 'share of pool mean'],
      route.map((r) => {
        const pool = mean(route.find((x) => x.model === r.model && x.overlap === undefined)!.ms);
        const m = mean(r.ms);
        const call = r.overlap === undefined ? 'engine pool, no HTTP' : `route, ${holdLabel(r.overlap)}`;
        return [call, r.model, String(r.ms.length), f(quantile(r.ms, 0.5)), f(quantile(r.ms, 0.9)), f(m), r.overlap === undefined ? '' : f(m - pool), r.overlap === undefined ? '' : `${((100 * (m - pool)) / pool).toFixed(1)}%`];
      }),
    ),
  );
  console.log('(the client runs in this process; the pool row includes its worker hand-offs, so the route figure is the server\'s own work)');
  console.log('\ntarget (issue 15): server overhead < 5% of model time on 2k-token requests. Overhead is the server time of a request less');
  console.log("its engine call (a wait of the model's p50), i.e. what the request's latency has on top of the model's; CPU is this");
  console.log('process only (PGlite runs in it; PostgreSQL and Redis do not).');
}

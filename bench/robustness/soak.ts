/**
 * Soak benchmark (`npm run bench -- --soak`): the real app on a loopback port (PGlite in memory, or
 * a throwaway schema on DATABASE_URL), the real engine pool over the bundled models, and
 * `--minutes` of mixed traffic over real HTTP at a fixed `--concurrency`: every compression family
 * (single, batch and stream), health and profile reads, malformed requests (422) and an over-budget
 * key (402). Reports requests per kind and status, 5xx and network errors, p50/p99 per kind, RSS and
 * heap at start, each minute and the end, and holds still pending after a short drain; writes
 * bench/out/soak.json. Exits 1 on any 5xx, network error, stream error event or pending hold.
 *
 * Server settings are the defaults (including MAX_CONCURRENT_PER_ACCOUNT), with ADMIN_EMAIL set so
 * the admin route can top the load accounts up. Each worker sends as one fixed account, with
 * ceil(concurrency / cap) accounts, so the per-account cap is never the thing measured. Accounts
 * are seeded to tier 5 (as bench/speed/routes.ts does) so rpm limits do not shape the mix. The holds
 * sweeper is not started: a hold left pending here is one the request path failed to settle.
 *
 * Flags: --minutes N (default 10), --concurrency C (default 8), --models DIR, --out DIR, --seed S.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { createApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createDb, dropSchema } from '../../server/db/create-db.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { applyServerTimeouts } from '../../server/http/server-timeouts.js';
import { createEnginePool } from '../../server/compression/runtime/engine-pool.js';
import { weightsOnDisk } from '../../server/model/weights-availability.js';
import { createQuotaStore } from '../../server/rate-limit/quota.js';
import { longDocument, TOPICS } from '../../test/helpers/texts.js';
import { fileSize, machineHeader, mdTable, packageReadmes, quantile, readmeProse, walkFiles } from '../lib/common.js';
import { rng } from '../lib/squad.js';

const ADMIN_EMAIL = 'soak-admin@example.com';
const PASSWORD = 'soak benchmark password';

interface Sent {
  kind: string;
  /** The status this request is meant to get (200 for real work, 402/422 for the bad ones). */
  expect: number;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  stream?: boolean;
}

interface KindStats {
  statuses: Map<string, number>;
  latencies: number[];
}

interface Sample {
  label: string;
  atS: number;
  rssMb: number;
  heapUsedMb: number;
}

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

function sample(label: string, t0: number): Sample {
  const m = process.memoryUsage();
  return { label, atS: Math.round((performance.now() - t0) / 100) / 10, rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed) };
}

/** Texts of small-to-medium size: the test documents, README prose and sections, package.json files. */
function corpus(random: () => number) {
  const topics = Object.entries(TOPICS);
  const questions = topics.flatMap(([topic, paras]) => paras.map((p) => ({ topic, question: `What does the text say about the ${topic}? ${p.split(' ').slice(0, 6).join(' ')}?` })));
  const prose = readmeProse(60, random).map((p) => p.text);
  const readmes = packageReadmes()
    .map((r) => r.text)
    .filter((t) => t.length >= 1_500 && t.length <= 12_000)
    .slice(0, 80);
  const jsons = walkFiles('node_modules', (name, full) => name === 'package.json' && fileSize(full) >= 800 && fileSize(full) <= 6_000, 3)
    .slice(0, 80)
    .map((f) => readFileSync(f, 'utf8'));
  if (!prose.length || !readmes.length || !jsons.length) throw new Error('soak: no README prose, READMEs or package.json files found under node_modules');
  return { questions, prose, readmes, jsons, documents: [longDocument(1), longDocument(2), longDocument(3)] };
}

type Corpus = ReturnType<typeof corpus>;

/** The request mix: [weight, build]; weights are relative. */
function mix(c: Corpus, keys: { key: string; overBudget: string }, random: () => number): Array<[number, () => Sent]> {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const context = () => (random() < 0.5 ? pick(c.documents) : `${pick(c.documents)}\n\n${pick(c.prose)}`);
  const auth = { 'X-API-Key': keys.key };
  const qs = (model: string) => ({ context: context(), query: pick(c.questions).question, compression_model_name: model, target_compression_ratio: pick([2, 4, 0.5]) });
  return [
    [12, () => ({ kind: 'qs single latte_v1', expect: 200, method: 'POST', path: '/api/compress/question-specific/', body: qs('latte_v1'), headers: auth })],
    [12, () => ({ kind: 'qs single latte_v2', expect: 200, method: 'POST', path: '/api/compress/question-specific/', body: { ...qs('latte_v2'), coarse: random() < 0.5 }, headers: auth })],
    [
      6,
      () => ({
        kind: 'qs batch',
        expect: 200,
        method: 'POST',
        path: '/api/compress/question-specific/batch',
        body: { compression_model_name: pick(['latte_v1', 'latte_v2']), target_compression_ratio: 3, inputs: Array.from({ length: 2 + Math.floor(random() * 4) }, () => ({ context: pick(c.prose), query: pick(c.questions).question })) },
        headers: auth,
      }),
    ],
    [8, () => ({ kind: 'qs stream', expect: 200, method: 'POST', path: '/api/compress/question-specific/stream', body: qs('latte_v2'), headers: auth, stream: true })],
    [8, () => ({ kind: 'question-agnostic', expect: 200, method: 'POST', path: '/api/compress/question-agnostic/', body: { context: context(), compression_model_name: 'espresso_v1', target_compression_ratio: 2 }, headers: auth })],
    [8, () => ({ kind: 'markdown', expect: 200, method: 'POST', path: '/api/compress/markdown/', body: { context: pick(c.readmes), compression_model_name: 'markdown_v1', target_compression_ratio: 2 }, headers: auth })],
    [
      8,
      () => {
        const turns = 4 + Math.floor(random() * 6);
        const messages = Array.from({ length: turns }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: i % 2 === 0 ? pick(c.questions).question : pick(c.prose) }));
        return { kind: 'history', expect: 200, method: 'POST', path: '/api/compress/history/', body: { messages, compression_model_name: 'hcc_latte_v1', keep_recent: 2 }, headers: auth };
      },
    ],
    [
      8,
      () => {
        const withQuery = random() < 0.5;
        const body = { tool_output: pick(c.jsons), tool_name: 'read_file', compression_model_name: withQuery ? 'toc_latte_v1' : 'toc_americano_v1', target_compression_ratio: 2, ...(withQuery ? { query: 'What is the package version and its license?' } : {}) };
        return { kind: 'tool-output', expect: 200, method: 'POST', path: '/api/compress/tool-output/', body, headers: auth };
      },
    ],
    [6, () => ({ kind: 'health', expect: 200, method: 'GET', path: `/api/compress/${pick(['question-specific', 'question-agnostic', 'markdown', 'history', 'tool-output'])}/health` })],
    [6, () => ({ kind: 'profile', expect: 200, method: 'GET', path: '/api/profile/me', headers: {} /* bearer added per worker */ })],
    [
      4,
      () => {
        const bad = pick([
          { path: '/api/compress/question-specific/', body: { ...qs('latte_v1'), dynamic: true } },
          { path: '/api/compress/question-specific/', body: { context: 'no model named' } },
          { path: '/api/compress/question-agnostic/', body: { context: pick(c.prose), query: 'not taken here', compression_model_name: 'espresso_v1' } },
          { path: '/api/compress/tool-output/', body: { tool_output: '{}', tool_name: 'x', compression_model_name: 'toc_latte_v1' } },
          { path: '/api/compress/question-specific/batch', body: { compression_model_name: 'latte_v2', inputs: [] } },
        ]);
        return { kind: 'bad request', expect: 422, method: 'POST', path: bad.path, body: bad.body, headers: auth };
      },
    ],
    [3, () => ({ kind: 'over budget', expect: 402, method: 'POST', path: '/api/compress/question-specific/', body: qs('latte_v2'), headers: { 'X-API-Key': keys.overBudget } })],
  ];
}

/** Why a 200 stream body is not a clean result (an `error` event, no events, a frame that is not JSON), or undefined. */
function streamProblem(body: string): string | undefined {
  const frames = body.split('\n').filter((l) => l.startsWith('data:'));
  if (!frames.length) return 'stream without events';
  for (const f of frames) {
    let event: { error?: string | null };
    try {
      event = JSON.parse(f.slice(5)) as { error?: string | null };
    } catch {
      return `stream frame is not JSON: ${f.slice(0, 80)}`;
    }
    if (event.error) return `stream error event: ${event.error}`;
  }
  return undefined;
}

export async function main(argv: readonly string[]): Promise<void> {
  const { values: args } = parseArgs({
    args: [...argv],
    options: {
      soak: { type: 'boolean' },
      minutes: { type: 'string', default: '10' },
      concurrency: { type: 'string', default: '8' },
      models: { type: 'string', default: 'models' },
      out: { type: 'string', default: 'bench/out' },
      seed: { type: 'string', default: '1' },
    },
  });
  const minutes = Number(args.minutes);
  const concurrency = Number(args.concurrency);
  if (!(minutes > 0)) throw new Error(`--minutes must be a positive number, got ${args.minutes}`);
  if (!(Number.isInteger(concurrency) && concurrency > 0)) throw new Error(`--concurrency must be a positive integer, got ${args.concurrency}`);
  const random = rng(Number(args.seed));
  const t0 = performance.now();
  const samples: Sample[] = [sample('process start', t0)];

  const env = loadConfig();
  const config = { ...loadConfig({}), modelsDir: args.models!, logLevel: 'silent', adminEmail: ADMIN_EMAIL };
  // On a shared PostgreSQL the run keeps to its own schema and drops it at the end.
  const schema = env.databaseUrl ? `soak_${process.pid}_${Date.now().toString(36)}` : undefined;
  const db = await createDb(env.databaseUrl ? { databaseUrl: env.databaseUrl, schema } : { dataDir: 'memory://' });
  await migrateToLatest(db.db, db.schema);
  const backend = createEnginePool({ modelsDir: config.modelsDir, workers: config.engineWorkers, nice: config.engineNice });
  const app = createApp({ config, db, logger: pino({ level: 'silent' }), quotas: createQuotaStore(), backend, weights: weightsOnDisk(config.modelsDir) });
  const server = app.listen(0, '127.0.0.1');
  applyServerTimeouts(server, config.keepAliveTimeoutMs);
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function call(path: string, body: object, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    return { status: res.status, json: await res.json() };
  }
  async function must(path: string, body: object, headers: Record<string, string> = {}): Promise<any> {
    const r = await call(path, body, headers);
    if (r.status >= 300) throw new Error(`soak setup: ${path} answered ${r.status}: ${JSON.stringify(r.json)}`);
    return r.json.data;
  }

  // Setup: the admin, then load accounts topped up through the admin route.
  const admin = await must('/api/auth/signup', { email: ADMIN_EMAIL, password: PASSWORD });
  const cap = config.maxConcurrentPerAccount || concurrency;
  const accounts: Array<{ token: string; key: string; overBudget: string }> = [];
  for (let i = 0; i < Math.ceil(concurrency / cap); i++) {
    const signup = await must('/api/auth/signup', { email: `soak${i}@example.com`, password: PASSWORD });
    const accountId: string = signup.account.id;
    await db.db
      .insertInto('usage_events')
      .values({ request_id: `soak-seed-${i}`, account_id: accountId, api_key_id: null, family: 'question-specific', model: 'latte_v1', operation: 'single', status: 'settled', rows: 1, original_tokens: 2e8, compressed_tokens: 1e8, reserved_nusd: 0, cost_nusd: 0, created_at: new Date(), settled_at: new Date() })
      .execute();
    await must(`/api/admin/accounts/${accountId}/credits`, { amount_usd: 100_000, note: 'soak benchmark' }, { Authorization: `Bearer ${admin.token}` });
    const bearer = { Authorization: `Bearer ${signup.token}` };
    const key = (await must('/api/keys', { name: 'soak' }, bearer)).key as string;
    const overBudget = (await must('/api/keys', { name: 'soak over budget', monthly_budget_usd: 0.000001 }, bearer)).key as string;
    accounts.push({ token: signup.token, key, overBudget });
  }

  const texts = corpus(random);
  const mixes = accounts.map((a) => mix(texts, a, random));
  const totalWeight = mixes[0]!.reduce((s, [w]) => s + w, 0);
  const next = (account: number): Sent => {
    let r = random() * totalWeight;
    for (const [w, build] of mixes[account]!) {
      if ((r -= w) < 0) return build();
    }
    return mixes[account]!.at(-1)![1]();
  };

  // Warm both question-specific models and the others, in every engine worker (as many requests
  // at once as there are workers), so load time is not the first minute.
  for (const [, build] of mixes[0]!) {
    const s = build();
    if (s.expect !== 200 || s.method !== 'POST') continue;
    await Promise.all(
      Array.from({ length: config.engineWorkers }, async () => {
        const res = await fetch(`${base}${s.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...s.headers }, body: JSON.stringify(s.body) });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`soak warm-up: ${s.kind} answered ${res.status}: ${text.slice(0, 300)}`);
      }),
    );
  }
  samples.push(sample('load start', t0));

  const stats = new Map<string, KindStats>();
  let networkErrors = 0;
  let streamErrors = 0;
  const errorExamples: string[] = [];
  const expected = new Map<string, string>();
  const record = (kind: string, status: string, ms: number) => {
    const s: KindStats = stats.get(kind) ?? { statuses: new Map(), latencies: [] };
    s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
    s.latencies.push(ms);
    stats.set(kind, s);
  };

  async function send(s: Sent, token: string): Promise<void> {
    const headers: Record<string, string> = { ...(s.headers ?? {}) };
    if (s.kind === 'profile') headers['Authorization'] = `Bearer ${token}`;
    if (s.body !== undefined) headers['content-type'] = 'application/json';
    expected.set(s.kind, String(s.expect));
    const start = performance.now();
    try {
      const res = await fetch(`${base}${s.path}`, { method: s.method, headers, ...(s.body !== undefined ? { body: JSON.stringify(s.body) } : {}) });
      const text = await res.text();
      if (s.stream && res.status === 200) {
        const problem = streamProblem(text);
        if (problem) {
          streamErrors++;
          if (errorExamples.length < 10) errorExamples.push(`${s.kind}: ${problem}`);
        }
      }
      if (res.status >= 500 && errorExamples.length < 10) errorExamples.push(`${s.kind}: ${res.status} ${text.slice(0, 200)}`);
      record(s.kind, String(res.status), performance.now() - start);
    } catch (err) {
      networkErrors++;
      if (errorExamples.length < 10) errorExamples.push(`${s.kind}: ${err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? '')}` : String(err)}`);
      record(s.kind, 'network', performance.now() - start);
    }
  }

  const loadStart = performance.now();
  const until = loadStart + minutes * 60_000;
  let minute = 0;
  const ticker = setInterval(() => {
    minute++;
    samples.push(sample(`minute ${minute}`, t0));
    const done = [...stats.values()].reduce((n, s) => n + s.latencies.length, 0);
    console.log(`minute ${minute}: ${done} requests, RSS ${samples.at(-1)!.rssMb} MB`);
  }, 60_000);
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      const account = Math.floor(w / cap);
      while (performance.now() < until) await send(next(account), accounts[account]!.token);
    }),
  );
  clearInterval(ticker);
  const loadSeconds = (performance.now() - loadStart) / 1000;
  samples.push(sample('load end', t0));

  // Settling runs after the response is sent; give it a moment before counting what is left.
  const pendingHolds = async () =>
    Number((await db.db.selectFrom('usage_events').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow()).n);
  let pending = await pendingHolds();
  for (let i = 0; i < 20 && pending > 0; i++) {
    await new Promise((r) => setTimeout(r, 250));
    pending = await pendingHolds();
  }
  samples.push(sample('after drain', t0));

  // ---------------------------------------------------------------- report
  const kinds = [...stats.keys()].sort();
  let total = 0;
  let fiveXx = 0;
  let expected4xx = 0;
  let unexpected = 0;
  const rows = kinds.map((kind) => {
    const s = stats.get(kind)!;
    const n = s.latencies.length;
    total += n;
    for (const [status, count] of s.statuses) {
      if (status.startsWith('5')) fiveXx += count;
      else if (status === expected.get(kind) && status.startsWith('4')) expected4xx += count;
      else if (status !== expected.get(kind) && status !== 'network') unexpected += count;
    }
    const statuses = [...s.statuses].sort().map(([st, c]) => `${st}:${c}`).join(' ');
    return [kind, String(n), statuses, quantile(s.latencies, 0.5).toFixed(0), quantile(s.latencies, 0.99).toFixed(0)];
  });
  const startSample = samples.find((x) => x.label === 'load start')!;
  const endSample = samples.find((x) => x.label === 'after drain')!;
  const growthMb = Math.round((endSample.rssMb - startSample.rssMb) * 10) / 10;

  console.log();
  console.log(machineHeader());
  console.log(`soak: ${minutes} min at concurrency ${concurrency}, ${accounts.length} account(s), database ${db.driver}, ${total} requests in ${loadSeconds.toFixed(0)} s (${(total / loadSeconds).toFixed(1)} req/s)`);
  console.log();
  console.log(mdTable(['kind', 'requests', 'statuses', 'p50 ms', 'p99 ms'], rows));
  console.log();
  console.log(mdTable(['when', 's', 'RSS MB', 'heap used MB'], samples.map((x) => [x.label, x.atS.toFixed(1), x.rssMb.toFixed(1), x.heapUsedMb.toFixed(1)])));
  console.log();
  console.log(`errors: ${fiveXx} 5xx, ${networkErrors} network, ${streamErrors} stream error events; expected 4xx: ${expected4xx}; unexpected statuses: ${unexpected}`);
  console.log(`RSS growth from load start to end: ${growthMb >= 0 ? '+' : ''}${growthMb} MB; holds pending after drain: ${pending}`);
  for (const e of errorExamples) console.log(`  ${e}`);

  mkdirSync(args.out!, { recursive: true });
  const file = path.join(args.out!, 'soak.json');
  const data = {
    machine: machineHeader(),
    minutes,
    concurrency,
    accounts: accounts.length,
    database: db.driver,
    loadSeconds,
    requests: total,
    requestsPerSecond: total / loadSeconds,
    errors: { fiveXx, network: networkErrors, streamErrorEvents: streamErrors, examples: errorExamples },
    expected4xx,
    unexpectedStatuses: unexpected,
    kinds: Object.fromEntries(
      kinds.map((k) => {
        const s = stats.get(k)!;
        return [k, { requests: s.latencies.length, statuses: Object.fromEntries(s.statuses), p50Ms: quantile(s.latencies, 0.5), p99Ms: quantile(s.latencies, 0.99) }];
      }),
    ),
    memory: samples,
    rssGrowthMb: growthMb,
    pendingHolds: pending,
  };
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`wrote ${file}`);

  server.close();
  server.closeAllConnections();
  await backend.close();
  await db.close();
  if (schema && env.databaseUrl) await dropSchema(env.databaseUrl, schema);
  process.exitCode = fiveXx + networkErrors + streamErrors + pending > 0 ? 1 : 0;
}

/**
 * Where the benchmark sends its requests: an in-process crema (createApp over an in-memory PGlite
 * and the engine pool, one tier-5 account with a large balance, as bench/speed/speed.ts builds it), a
 * running server (`--base-url` with `--api-key`), or, for `--self-check` only, a stand-in that
 * answers the route with the BM25 baseline, so the harness can be checked end to end without the
 * family (its figures must equal the BM25 rows; they are never results).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { createDb } from '../../../server/db/create-db.js';
import { migrateToLatest } from '../../../server/db/migrate.js';
import { createEnginePool } from '../../../server/compression/runtime/engine-pool.js';
import { weightsOnDisk } from '../../../server/model/weights-availability.js';
import { createQuotaStore } from '../../../server/rate-limit/quota.js';
import { bm25Pick } from './bm25.js';

export const ROUTE = '/api/compress/tool-discovery/';

export interface Target {
  base: string;
  key: string;
  close(): Promise<void>;
}

async function post(base: string, route: string, body: object, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  const res = await fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json };
}

/** crema in this process on a free port, with one tier-5 key. */
export async function startCrema(modelsDir: string): Promise<Target> {
  const config = { ...loadConfig({}), modelsDir, logLevel: 'silent', maxConcurrentPerAccount: 0, authRpmPerIp: 1_000_000 };
  const db = await createDb({ dataDir: 'memory://' });
  await migrateToLatest(db.db);
  const backend = createEnginePool({ modelsDir });
  // Tier 5 allows 4M tokens a minute: 500-tool pools (~150k tokens each) ran into 429 after a few
  // dozen requests. The bench measures ranking, not metering: its account's quotas are lifted.
  const store = createQuotaStore();
  const quotas = { ...store, kind: store.kind, healthy: () => store.healthy(), quota: (name: string, _limit: number, windowS: number) => store.quota(name, Number.MAX_SAFE_INTEGER, windowS) };
  const app = createApp({ config, db, logger: pino({ level: 'silent' }), quotas, backend, weights: weightsOnDisk(modelsDir) });
  const server = app.listen(0, '127.0.0.1');
  server.keepAliveTimeout = 120_000;
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signup = await post(base, '/api/auth/signup', { email: 'tools-bench@example.com', password: 'benchmark password' });
  if (signup.status !== 200 && signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${JSON.stringify(signup.json)}`);
  const accountId: string = signup.json.data.account.id;
  await db.db.updateTable('accounts').set({ balance_nusd: 1e15 }).where('id', '=', accountId).execute();
  // Seeded usage puts the account at tier 5, the highest rpm/tpm (as bench/speed/speed.ts does).
  await db.db
    .insertInto('usage_events')
    .values({ request_id: 'tools-bench-seed', account_id: accountId, api_key_id: null, family: 'question-specific', model: 'latte_v1', operation: 'single', status: 'settled', rows: 1, original_tokens: 2e8, compressed_tokens: 1e8, reserved_nusd: 0, cost_nusd: 0, created_at: new Date(), settled_at: new Date() })
    .execute();
  const key = (await post(base, '/api/keys', { name: 'tools-bench' }, { Authorization: `Bearer ${signup.json.data.token}` })).json.data.key as string;
  return {
    base,
    key,
    async close() {
      await new Promise((r) => server.close(r));
      server.closeAllConnections();
      await backend.close();
      await db.close();
    },
  };
}

type Schema = Record<string, unknown> | null;
type StandInTool = { name?: string; description?: string; parameters?: Schema; input_schema?: Schema; inputSchema?: Schema; function?: { name: string; description?: string; parameters?: Schema } };

/** Any of the four shapes the bench sends, read back as the reference's. */
const asReference = (t: StandInTool) => {
  const f = t.function ?? t;
  return { name: f.name ?? '', description: f.description ?? '', parameters: t.function?.parameters ?? t.parameters ?? t.input_schema ?? t.inputSchema ?? null };
};

/** A server that answers POST ROUTE with BM25's top `max_tools`, in the reference's envelope. */
export async function startStandIn(): Promise<Target> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== ROUTE) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}');
        return;
      }
      const t0 = performance.now();
      const r = JSON.parse(body) as { query: string; tools: StandInTool[]; max_tools?: number };
      const names = bm25Pick(r.query, r.tools.map(asReference), r.max_tools ?? 5);
      const data = { relevant_tools: names, tool_count: names.length, original_tool_count: r.tools.length, reasoning: 'stand-in: BM25', duration_ms: Math.round(performance.now() - t0) };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, message: null, data }));
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, key: 'stand-in', close: () => new Promise((r) => server.close(() => r())) };
}

export interface Discovery {
  names: string[];
  /** Round trip through HTTP, ms. */
  ms: number;
  /** The server's own `duration_ms`. */
  durationMs: number | undefined;
  reasoning: string | null | undefined;
}

/** One POST to the tool-discovery route; throws on anything but 200 with a list of names. */
export async function discover(target: Pick<Target, 'base' | 'key'>, body: object): Promise<Discovery> {
  let t = performance.now();
  let res = await post(target.base, ROUTE, body, { 'X-API-Key': target.key });
  // A server at --base-url may hold a lower tier: wait out its limit rather than end the run.
  for (let tries = 0; res.status === 429 && tries < 5; tries++) {
    const wait = Number(res.json?.retry_after ?? 5);
    console.error(`429 from ${ROUTE}: waiting ${wait} s`);
    await new Promise((r) => setTimeout(r, Math.max(1, wait) * 1000));
    t = performance.now();
    res = await post(target.base, ROUTE, body, { 'X-API-Key': target.key });
  }
  const ms = performance.now() - t;
  // The reference wraps the result in {success, message, data}; accept a flat body as well.
  const data = res.json?.data ?? res.json;
  if (res.status !== 200 || !Array.isArray(data?.relevant_tools)) {
    const hint = res.status === 404 ? ' (is the tool-discovery family on this branch?)' : '';
    throw new Error(`POST ${ROUTE} answered ${res.status}${hint}: ${JSON.stringify(res.json).slice(0, 500)}`);
  }
  return { names: data.relevant_tools as string[], ms, durationMs: data.duration_ms, reasoning: data.reasoning };
}

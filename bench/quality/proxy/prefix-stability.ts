/**
 * Proxy prefix-stability bench (`npm run bench:proxy`): replays the 30-turn incident conversation
 * (test/fixtures/proxy-conversation.ts, 48 requests of a growing agent loop) through the proxy to a fake
 * upstream, for the OpenAI and the Anthropic format, and prints per request: the prompt's tokens
 * as sent by the caller and as forwarded, and the share of the previous forwarded request's
 * tokens that this one repeats as its prefix (what a provider's prompt cache can reuse). Then:
 * - the same replay again on the same server (every turn from the cache) and on a fresh server
 *   (an empty cache, the engine again): the forwarded bytes must equal the first replay's;
 * - the proxy's own time per request on the warm replay (x-crema-compression-ms: reading the body,
 *   planning, hashing, cache lookups, token counts), and the round trip through the proxy minus
 *   the round trip straight to the upstream for the same bodies;
 * - whether every answer's bytes equal what the upstream sent (half the requests stream SSE).
 * - the same replay planned under other settings (PROXY_COMPACT_EVERY 0, 1, 4, 8, 16) through the
 *   proxy's slot compressor with the same turn cache, with a prompt-cache price for each: cached
 *   input at 0.1x and cache writes at 1.25x of the input price (Anthropic's 5-minute cache),
 *   assuming each request's prefix shared with the previous one is read from the cache.
 * Flags: --format openai|anthropic|both (default both), --models DIR.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { createApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config.js';
import { createDb } from '../../../server/db/create-db.js';
import { migrateToLatest } from '../../../server/db/migrate.js';
import { createEnginePool } from '../../../server/compression/runtime/engine-pool.js';
import { weightsOnDisk } from '../../../server/model/weights-availability.js';
import { createQuotaStore } from '../../../server/rate-limit/quota.js';
import { createServices } from '../../../server/services.js';
import type { CompressionBackend } from '../../../server/compression/compression-backend.js';
import type { Meter } from '../../../server/billing/meter.js';
import { anthropicSlots } from '../../../server/proxy/anthropic-dialect.js';
import { openAiSlots } from '../../../server/proxy/openai-dialect.js';
import { DEFAULT_PROXY_SETTINGS } from '../../../server/proxy/proxy-settings.js';
import { createSlotCompressor } from '../../../server/proxy/slot-compressor.js';
import { createTurnCache, type TurnCache } from '../../../server/proxy/turn-cache.js';
import { anthropicReplay, incidentConversation, openAiReplay } from '../../../test/fixtures/proxy-conversation.js';
import { startFakeUpstream, type FakeUpstream } from '../../../test/helpers/fake-upstream.js';
import { commonPrefix, promptTokens } from './prefix.js';

const { values: args } = parseArgs({ options: { format: { type: 'string', default: 'both' }, models: { type: 'string', default: './models' } } });

type Json = Record<string, unknown>;

/** A crema server with the proxy pointed at `upstream`, an account and its key. */
async function startServer(upstream: string, backend: CompressionBackend, proxyCache: TurnCache) {
  const config = { ...loadConfig({ MODELS_DIR: args.models }), proxyUpstreamOpenai: upstream, proxyUpstreamAnthropic: upstream, adminEmail: 'admin@bench.test' };
  const db = await createDb({ dataDir: 'memory://' });
  await migrateToLatest(db.db, db.schema);
  const quotas = createQuotaStore();
  const services = createServices({ db: db.db, quotas, clock: () => new Date(), sessionTtlMs: 3_600_000, adminEmail: config.adminEmail });
  const app = createApp({ config, db, backend, logger: pino({ level: 'silent' }), quotas, services, weights: weightsOnDisk(config.modelsDir), proxyCache });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = async (path: string, body: Json, headers: Record<string, string> = {}) => (await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })).json() as Promise<Json>;
  // The admin tops the account up and lifts it to the top tier: the bench measures caching, not rate limits.
  const admin = (await post('/api/auth/signup', { email: config.adminEmail, password: 'correct horse battery' })) as { data: { token: string; account: { id: string } } };
  const auth = { Authorization: `Bearer ${admin.data.token}` };
  await post(`/api/admin/accounts/${admin.data.account.id}/credits`, { amount_usd: 5000 }, auth);
  const key = ((await post('/api/keys', { name: 'bench' }, auth)) as { data: { key: string } }).data.key;
  return { base, key, close: async () => (await new Promise((r) => server.close(r)), await db.close()) };
}

/** POSTs a body over plain HTTP and returns the answer's status, headers and raw bytes. */
function send(url: string, body: Json, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer; ms: number }> {
  const started = performance.now();
  const data = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    // A new connection per request on both paths (direct and through the proxy), so neither meets a stale kept-alive socket.
    const req = http.request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': data.length, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks), ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end(data);
  });
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

async function replay(format: 'openai' | 'anthropic', base: string, key: string, upstream: FakeUpstream, bodies: Json[]) {
  const path = format === 'openai' ? '/v1/chat/completions' : '/v1/messages';
  const providerKey: Record<string, string> = format === 'openai' ? { authorization: 'Bearer sk-caller' } : { 'x-api-key': 'sk-ant-caller', 'anthropic-version': '2023-06-01' };
  const from = upstream.received.length;
  const rows = [];
  let identicalAnswers = 0;
  for (const [i, body] of bodies.entries()) {
    const res = await send(base + path, { ...body, stream: i % 2 === 1 }, { ...providerKey, 'x-crema-key': key });
    if (res.status !== 200) throw new Error(`request ${i + 1}: ${res.status} ${res.bytes.toString()}`);
    const got = upstream.received[from + i]!;
    if (Buffer.compare(got.answered, res.bytes) === 0) identicalAnswers++;
    rows.push({ forwarded: got.body, original: body, compressionMs: Number(res.headers['x-crema-compression-ms']), roundTripMs: res.ms, hits: Number(res.headers['x-crema-cache-hits']), compressedTurns: Number(res.headers['x-crema-compressed-turns']) });
  }
  return { rows, identicalAnswers };
}

/** Input cost of a replay under a prompt cache that holds the previous request: reused prefix at 0.1x, the rest written at 1.25x. */
function cachedCost(prompts: number[][]): { cost: number; shares: number[] } {
  let cost = 0;
  const shares: number[] = [];
  prompts.forEach((p, i) => {
    const reused = i === 0 ? 0 : commonPrefix(prompts[i - 1]!, p);
    if (i > 0) shares.push(reused / prompts[i - 1]!.length);
    cost += reused * 0.1 + (p.length - reused) * 1.25;
  });
  return { cost, shares };
}

/** The replay planned under several compaction settings, through the slot compressor (no HTTP, no billing). */
async function compareSettings(format: 'openai' | 'anthropic', bodies: Json[], backend: CompressionBackend, cache: TurnCache) {
  const slotsOf = format === 'openai' ? openAiSlots : anthropicSlots;
  const unmetered = (async (_call: unknown, work: (s: AbortSignal) => Promise<{ result: unknown }>) => (await work(new AbortController().signal)).result) as unknown as Meter;
  const raw = cachedCost(bodies.map(promptTokens));
  const rawTokens = bodies.reduce((s, b) => s + promptTokens(b).length, 0);
  console.log(`\n### ${format}: compaction settings (keep 2 recent turns), prompt-cache priced\n`);
  console.log('| setting | tokens forwarded | mean prefix share | min | requests >= 95% | cached input cost |');
  console.log('|---|---|---|---|---|---|');
  const row = (name: string, tokens: number, r: ReturnType<typeof cachedCost>) =>
    console.log(`| ${name} | ${tokens} (${pct(1 - tokens / rawTokens)} fewer) | ${pct(r.shares.reduce((a, b) => a + b, 0) / r.shares.length)} | ${pct(Math.min(...r.shares))} | ${r.shares.filter((x) => x >= 0.95).length}/${r.shares.length} | ${(r.cost / raw.cost).toFixed(3)} of uncompressed |`);
  row('uncompressed', rawTokens, raw);
  for (const compactEvery of [0, 1, 4, 8, 16]) {
    const compress = createSlotCompressor({ backend, meter: unmetered, cache, settings: { ...DEFAULT_PROXY_SETTINGS, compactEvery } });
    const prompts: number[][] = [];
    for (const body of bodies) {
      const slotted = slotsOf(body);
      await compress(slotted, { principal: undefined as never, requestId: 'bench', source: 'bench', signal: new AbortController().signal });
      prompts.push(promptTokens(slotted.body));
    }
    row(compactEvery === 0 ? 'PROXY_COMPACT_EVERY=0 (prose never)' : `PROXY_COMPACT_EVERY=${compactEvery}`, prompts.reduce((s, p) => s + p.length, 0), cachedCost(prompts));
  }
}

async function main() {
  const upstream = await startFakeUpstream();
  const backend = createEnginePool({ modelsDir: args.models, workers: 1 });
  const turns = incidentConversation();
  const formats = args.format === 'both' ? (['openai', 'anthropic'] as const) : [args.format as 'openai' | 'anthropic'];
  const shared = createTurnCache();
  const first = await startServer(upstream.url, backend, shared);
  const second = await startServer(upstream.url, backend, createTurnCache());
  for (const [f, format] of formats.entries()) {
    const bodies = format === 'openai' ? openAiReplay(turns) : anthropicReplay(turns);
    const cold = await replay(format, first.base, first.key, upstream, bodies);
    const warm = await replay(format, first.base, first.key, upstream, bodies);
    // The fresh server (empty cache, the engine again) once: its cost is a whole cold replay.
    const fresh = f === 0 ? await replay(format, second.base, second.key, upstream, bodies) : undefined;
    const sameBytes = (a: typeof cold, b: typeof cold) => a.rows.filter((r, i) => JSON.stringify(r.forwarded) === JSON.stringify(b.rows[i]!.forwarded)).length;

    console.log(`\n## ${format}: ${bodies.length} requests over ${turns.length} user turns\n`);
    console.log('| req | turn | caller tokens | forwarded | saved | prefix = previous | compression ms | turns compressed (cached) |');
    console.log('|---|---|---|---|---|---|---|---|');
    let prev: number[] | undefined;
    const shares: number[] = [];
    let turn = 0;
    let callerTotal = 0;
    let sentTotal = 0;
    cold.rows.forEach((r, i) => {
      const msgs = r.original['messages'] as Json[];
      const last = msgs[msgs.length - 1]!;
      if (last['role'] === 'user' && (typeof last['content'] === 'string')) turn++;
      const caller = promptTokens(r.original).length;
      const sent = promptTokens(r.forwarded);
      callerTotal += caller;
      sentTotal += sent.length;
      const share = prev ? commonPrefix(prev, sent) / prev.length : NaN;
      if (prev) shares.push(share);
      prev = sent;
      console.log(`| ${i + 1} | ${turn} | ${caller} | ${sent.length} | ${pct(1 - sent.length / caller)} | ${Number.isNaN(share) ? '-' : pct(share)} | ${r.compressionMs.toFixed(1)} | ${r.compressedTurns} (${r.hits}) |`);
    });
    const below = shares.filter((s) => s < 0.95).length;
    console.log(`\nprefix share: mean ${pct(shares.reduce((a, b) => a + b, 0) / shares.length)}, median ${pct(median(shares))}, min ${pct(Math.min(...shares))}; ${shares.length - below}/${shares.length} requests >= 95%`);
    console.log(`tokens over the replay: ${callerTotal} sent by the caller, ${sentTotal} forwarded (${pct(1 - sentTotal / callerTotal)} fewer)`);
    console.log(`same bytes forwarded: warm replay ${sameBytes(cold, warm)}/${bodies.length}${fresh ? `, fresh server ${sameBytes(cold, fresh)}/${bodies.length}` : ''}`);
    const replays = fresh ? [cold, warm, fresh] : [cold, warm];
    console.log(`answer bytes equal to the upstream's: ${replays.reduce((s, r) => s + r.identicalAnswers, 0)}/${bodies.length * replays.length}`);

    // Overhead: the warm replay does no engine work; its round trip minus a direct one is the proxy's cost.
    const direct: number[] = [];
    for (const [i, row] of warm.rows.entries()) direct.push((await send(upstream.url + (format === 'openai' ? '/v1/chat/completions' : '/v1/messages'), { ...row.forwarded, stream: i % 2 === 1 }, {})).ms);
    const added = warm.rows.map((r, i) => r.roundTripMs - direct[i]!);
    console.log(`proxy time per request, all turns cached: x-crema-compression-ms median ${median(warm.rows.map((r) => r.compressionMs)).toFixed(1)} ms, p95 ${p95(warm.rows.map((r) => r.compressionMs)).toFixed(1)} ms; round trip minus direct median ${median(added).toFixed(1)} ms, p95 ${p95(added).toFixed(1)} ms`);
    console.log(`cold replay compression ms (engine included): median ${median(cold.rows.map((r) => r.compressionMs)).toFixed(0)}, max ${Math.max(...cold.rows.map((r) => r.compressionMs)).toFixed(0)}`);
    await compareSettings(format, bodies, backend, shared);
  }
  await first.close();
  await second.close();
  await backend.close();
  await upstream.close();
}

await main();

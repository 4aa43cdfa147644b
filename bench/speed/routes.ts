/**
 * `npm run bench -- routes` (formerly `--routes`): latency per 1k tokens and throughput through the real
 * question-specific routes, for coarse and fine modes and for latte_v1 and latte_v2, measured in
 * one run so the v1/v2 ratio is comparable; then answer retention through the routes on SQuAD
 * haystacks next to the same questions compressed by the engine directly.
 *
 * Flags: --requests N (per cell, default 12), --concurrency C (default 4), --questions N (default 60),
 * --models DIR.
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { createApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createEngine } from '../../server/compression/engine/engine.js';
import { countTokens } from '../../server/compression/engine/text/tokens.js';
import { createDb } from '../../server/db/create-db.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { createEnginePool } from '../../server/compression/runtime/engine-pool.js';
import { createOnnxWordScorer } from '../../server/model/onnx-word-scorer.js';
import { weightsOnDisk } from '../../server/model/weights-availability.js';
import { createQuotaStore } from '../../server/rate-limit/quota.js';
import { haystack, loadSquad, retained, rng } from '../lib/squad.js';

const { values: args } = parseArgs({
  options: {
    routes: { type: 'boolean' },
    requests: { type: 'string', default: '12' },
    concurrency: { type: 'string', default: '4' },
    questions: { type: 'string', default: '60' },
    models: { type: 'string', default: 'models' },
  },
});
const REQUESTS = Number(args.requests);
const CONCURRENCY = Number(args.concurrency);

const config = { ...loadConfig({}), modelsDir: args.models!, logLevel: 'silent' };
const db = await createDb({ dataDir: 'memory://' });
await migrateToLatest(db.db);
const backend = createEnginePool({ modelsDir: config.modelsDir, workers: config.engineWorkers, nice: config.engineNice });
const app = createApp({ config, db, logger: pino({ level: 'silent' }), quotas: createQuotaStore(), backend, weights: weightsOnDisk(config.modelsDir) });
const server = app.listen(0, '127.0.0.1');
// fetch reuses idle connections; with Node's 5 s default the server may close one just as a slow
// latte_v1 cell sends on it (ECONNRESET), so idle connections outlive any gap between calls here.
server.keepAliveTimeout = 120_000;
await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function call(path: string, body: object, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}

// An account at tier5 (seeded usage) with a large balance, so limits do not shape the numbers.
const signup = await call('/api/auth/signup', { email: 'bench@example.com', password: 'benchmark password' });
const accountId: string = signup.json.data.account.id;
await db.db.updateTable('accounts').set({ balance_nusd: 1e15 }).where('id', '=', accountId).execute();
await db.db
  .insertInto('usage_events')
  .values({ request_id: 'bench-seed', account_id: accountId, api_key_id: null, family: 'question-specific', model: 'latte_v1', operation: 'single', status: 'settled', rows: 1, original_tokens: 2e8, compressed_tokens: 1e8, reserved_nusd: 0, cost_nusd: 0, created_at: new Date(), settled_at: new Date() })
  .execute();
const key: string = (await call('/api/keys', { name: 'bench' }, { Authorization: `Bearer ${signup.json.data.token}` })).json.data.key;

const squad = loadSquad();
const random = rng(7);
const contexts = squad.items.slice(0, REQUESTS).map((item, i) => ({ context: haystack(squad, item, 14, i, random), query: item.question }));
const avgTokens = contexts.reduce((s, c) => s + countTokens(c.context), 0) / contexts.length;

// Warm both models so load time is not measured.
for (const model of ['latte_v1', 'latte_v2']) await call('/api/compress/question-specific/', { ...contexts[0], compression_model_name: model }, { 'X-API-Key': key });

interface Row {
  model: string;
  coarse: boolean;
  msPer1k: number;
  p50: number;
  rps: number;
  tokensPerS: number;
}
const rows: Row[] = [];
for (const coarse of [true, false]) {
  for (const model of ['latte_v1', 'latte_v2']) {
    const latencies: number[] = [];
    for (const c of contexts) {
      const t0 = performance.now();
      const r = await call('/api/compress/question-specific/', { ...c, compression_model_name: model, coarse, target_compression_ratio: 4 }, { 'X-API-Key': key });
      if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${JSON.stringify(r.json)}`);
      latencies.push(performance.now() - t0);
    }
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < contexts.length) {
          const c = contexts[next++]!;
          await call('/api/compress/question-specific/', { ...c, compression_model_name: model, coarse, target_compression_ratio: 4 }, { 'X-API-Key': key });
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length;
    rows.push({
      model,
      coarse,
      msPer1k: mean / (avgTokens / 1000),
      p50: [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length / 2)]!,
      rps: contexts.length / seconds,
      tokensPerS: (contexts.length * avgTokens) / seconds,
    });
  }
}

console.log(`\nquestion-specific route, ${contexts.length} requests of ~${Math.round(avgTokens)} tokens per cell, ratio 4x, concurrency ${CONCURRENCY} for throughput`);
console.log(['model'.padEnd(10), 'mode'.padEnd(8), 'ms/1k tok'.padStart(10), 'p50 ms'.padStart(9), 'req/s'.padStart(8), 'tokens/s'.padStart(10)].join(''));
for (const r of rows) {
  console.log([r.model.padEnd(10), (r.coarse ? 'coarse' : 'fine').padEnd(8), r.msPer1k.toFixed(1).padStart(10), r.p50.toFixed(0).padStart(9), r.rps.toFixed(2).padStart(8), Math.round(r.tokensPerS).toLocaleString('en-US').padStart(10)].join(''));
}
for (const coarse of [true, false]) {
  const v1 = rows.find((r) => r.model === 'latte_v1' && r.coarse === coarse)!;
  const v2 = rows.find((r) => r.model === 'latte_v2' && r.coarse === coarse)!;
  console.log(`latte_v2 speed-up over latte_v1 (${coarse ? 'coarse' : 'fine'}): ${(v1.msPer1k / v2.msPer1k).toFixed(2)}x latency, ${(v2.tokensPerS / v1.tokensPerS).toFixed(2)}x throughput`);
}

// Quality through the routes vs the engine in-process, same questions and haystacks.
const QUESTIONS = Number(args.questions);
const engine = createEngine(createOnnxWordScorer({ modelsDir: config.modelsDir }));
const qrandom = rng(19);
const hay = squad.items.slice(0, QUESTIONS).map((item, i) => ({ item, context: haystack(squad, item, 19, i, qrandom) }));
console.log(`\nanswer retention at 10x, gold + 19 distractors, ${hay.length} questions: HTTP route vs engine`);
for (const model of ['latte_v1', 'latte_v2'] as const) {
  let viaHttp = 0;
  let direct = 0;
  let same = 0;
  for (const { item, context } of hay) {
    const r = await call('/api/compress/question-specific/', { context, query: item.question, compression_model_name: model, target_compression_ratio: 10 }, { 'X-API-Key': key });
    const [e] = await engine.compress([{ context, query: item.question, weights: model, ratio: 10, defaultRatio: 0.5, coarse: true, heuristicChunking: false, placeholders: true }]);
    viaHttp += retained(r.json.data.compressed_context, item.answers) ? 1 : 0;
    direct += retained(e!.compressed, item.answers) ? 1 : 0;
    same += r.json.data.compressed_context === e!.compressed ? 1 : 0;
  }
  console.log(`${model.padEnd(10)} route ${((100 * viaHttp) / hay.length).toFixed(1)}%   engine ${((100 * direct) / hay.length).toFixed(1)}%   identical outputs ${same}/${hay.length}`);
}

server.close();
await backend.close();
await db.close();

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { createEnginePool } from '../../server/compression/runtime/engine-pool.js';
import { createQuotaStore } from '../../server/rate-limit/quota.js';
import { createRedisClient } from '../../server/rate-limit/redis-client.js';
import { bearer, createKey, signup } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import {
  postgresMissing,
  redisMissing,
  startThrowawayPostgres,
  startThrowawayRedis,
  type ThrowawayPostgres,
  type ThrowawayRedis,
} from '../helpers/throwaway-services.js';
import type { Redis } from 'ioredis';
import { pino } from 'pino';

const COMPRESS = '/api/compress/question-specific/';
const BODY = { context: 'Paris is the capital of France. The weather is mild.', query: 'capital of France?', compression_model_name: 'latte_v1' };
const HEALTH = '/api/compress/question-specific/health';
const silent = pino({ level: 'silent' });
// One engine pool for the file: onnxruntime's native module cannot load again in a new worker
// once an earlier worker that loaded it was terminated.
const backend = createEnginePool({ modelsDir: loadConfig({ MODELS_DIR: process.env['MODELS_DIR'] }).modelsDir });
afterAll(() => backend.close());

/** Polls `attempt` until it returns true; resolves with the milliseconds it took. */
async function timeUntil(attempt: () => Promise<boolean>, timeoutMs = 30_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await attempt()) return Math.round(performance.now() - started);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not recovered within ${timeoutMs} ms`);
}

const pgSkip = postgresMissing();
if (pgSkip) console.log(`outage-recovery (PostgreSQL): skipped: ${pgSkip}`);

describe.skipIf(pgSkip !== null)('PostgreSQL stops and starts again (throwaway cluster)', () => {
  let pg: ThrowawayPostgres;
  let t: TestApp;
  let token: string;
  let key: string;
  beforeAll(async () => {
    pg = await startThrowawayPostgres();
    t = await startTestApp({}, { backend }, { databaseUrl: pg.url });
    ({ token } = await signup(t.app));
    ({ key } = await createKey(t.app, token));
  }, 120_000);
  afterAll(async () => {
    await t?.close().catch(() => undefined);
    pg?.destroy();
  });

  it('answers 503 service_unavailable with Retry-After while down, and recovers without a restart', async () => {
    expect((await request(t.app).post(COMPRESS).set('X-API-Key', key).send(BODY)).status).toBe(200);
    pg.stop();

    const down = {
      compress: await request(t.app).post(COMPRESS).set('X-API-Key', key).send(BODY),
      profile: await request(t.app).get('/api/profile/me').set(bearer(token)),
      keys: await request(t.app).get('/api/keys').set(bearer(token)),
      login: await request(t.app).post('/api/auth/login').send({ email: 'nobody@example.com', password: 'correct horse battery' }),
      signup: await request(t.app).post('/api/auth/signup').send({ email: 'new-during-outage@example.com', password: 'correct horse battery' }),
    };
    for (const [name, res] of Object.entries(down)) {
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(503);
      expect(res.body.code).toBe('service_unavailable');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const health = await request(t.app).get(HEALTH);
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'unavailable', database: { status: 'error' } });

    pg.start();
    const recoveryMs = await timeUntil(async () => (await request(t.app).get('/api/profile/me').set(bearer(token))).status === 200);
    expect((await request(t.app).post(COMPRESS).set('X-API-Key', key).send(BODY)).status).toBe(200);
    expect((await request(t.app).get(HEALTH)).body.status).toBe('ok');
    console.log(
      `outage-recovery (PostgreSQL): down -> ${Object.entries(down).map(([n, r]) => `${n} ${r.status}`).join(', ')}, health ${health.status}; first 200 ${recoveryMs} ms after the server was back`,
    );
  });
});

const redisSkip = redisMissing();
if (redisSkip) console.log(`outage-recovery (Redis): skipped: ${redisSkip}`);

describe.skipIf(redisSkip !== null)('Redis stops and starts again (throwaway server)', () => {
  let redisServer: ThrowawayRedis;
  let redis: Redis;
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    redisServer = await startThrowawayRedis();
    redis = createRedisClient(redisServer.url, silent);
    await new Promise<void>((resolve) => (redis.status === 'ready' ? resolve() : redis.once('ready', () => resolve())));
    t = await startTestApp({}, { backend, quotas: createQuotaStore({ redis }) });
    const { token } = await signup(t.app);
    ({ key } = await createKey(t.app, token));
  }, 120_000);
  afterAll(async () => {
    redis?.disconnect();
    await t?.close();
    await redisServer?.stop();
  });

  it('keeps serving on per-replica insurance limits, reports it in /health, and shares counters again once back', async () => {
    expect((await request(t.app).get(HEALTH)).body.rate_limits).toEqual({ status: 'ok', store: 'redis' });
    await redisServer.stop();
    await expect.poll(() => redis.status !== 'ready', { timeout: 10_000 }).toBe(true);

    const down = {
      compress: await request(t.app).post(COMPRESS).set('X-API-Key', key).send(BODY),
      signup: await request(t.app).post('/api/auth/signup').send({ email: 'redis-outage@example.com', password: 'correct horse battery' }),
      estimate: await request(t.app).post('/api/pricing/estimate-cost').send({ compression_model: 'latte_v1', input_tokens: 1000, compression_ratio: 0.5 }),
    };
    expect(down.compress.status, JSON.stringify(down.compress.body)).toBe(200);
    expect(down.signup.status, JSON.stringify(down.signup.body)).toBe(201);
    expect(down.estimate.status, JSON.stringify(down.estimate.body)).toBe(200);
    const health = await request(t.app).get(HEALTH);
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'degraded', rate_limits: { status: 'error', store: 'redis' } });

    await redisServer.start();
    const recoveryMs = await timeUntil(async () => (await request(t.app).get(HEALTH)).body.status === 'ok');
    expect((await request(t.app).post(COMPRESS).set('X-API-Key', key).send(BODY)).status).toBe(200);
    console.log(
      `outage-recovery (Redis): down -> ${Object.entries(down).map(([n, r]) => `${n} ${r.status}`).join(', ')}, health ${health.status} ${health.body.status}; shared again ${recoveryMs} ms after the server was back`,
    );
  });
});

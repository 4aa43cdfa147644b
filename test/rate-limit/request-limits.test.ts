import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, signup } from '../helpers/accounts.js';
import { meteredTestApp } from '../helpers/metered-route.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createQuotaStore } from '../../server/rate-limit/quota.js';
import { createServices } from '../../server/services.js';

let t: TestApp;
let metered: Express;
beforeAll(async () => {
  t = await startTestApp();
  metered = meteredTestApp(t.services);
});
afterAll(async () => {
  await t.close();
});

const call = (app: Express, key: string, body: object) => request(app).post('/metered').set('X-API-Key', key).send(body);

async function freshKey(body: Record<string, unknown> = {}): Promise<string> {
  const { token } = await signup(t.app);
  return (await createKey(t.app, token, body)).key;
}

describe('tier rate limits', () => {
  it('tier1 allows 60 requests a minute on latte_v1, then 429 with Retry-After and retry_after', async () => {
    const key = await freshKey();
    for (let i = 0; i < 60; i++) expect((await call(metered, key, { tokens: 10 })).status).toBe(200);
    const res = await call(metered, key, { tokens: 10 });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('rate_limit_exceeded');
    expect(res.body.error).toContain('requests per minute');
    const header = Number(res.headers['retry-after']);
    expect(header).toBeGreaterThanOrEqual(1);
    expect(header).toBeLessThanOrEqual(60);
    expect(res.body.retry_after).toBe(header);
  }, 60_000);

  it('latte_v2 runs at twice the rpm', async () => {
    const key = await freshKey();
    for (let i = 0; i < 120; i++) expect((await call(metered, key, { tokens: 1, model: 'latte_v2' })).status).toBe(200);
    expect((await call(metered, key, { tokens: 1, model: 'latte_v2' })).status).toBe(429);
  }, 60_000);

  it('counts a batch as one request but its full token volume (tpm)', async () => {
    const key = await freshKey();
    expect((await call(metered, key, { tokens: 200_000, operation: 'batch', rows: 100 })).status).toBe(200);
    const over = await call(metered, key, { tokens: 60_000, operation: 'batch', rows: 10 });
    expect(over.status).toBe(429);
    expect(over.body.error).toContain('tokens per minute');
    // The rejected request took nothing: a request that fits in the remaining 50k still passes.
    expect((await call(metered, key, { tokens: 50_000 })).status).toBe(200);
  });

  it("enforces a key's daily request cap and is 429 with Retry-After", async () => {
    const key = await freshKey({ daily_request_cap: 3 });
    for (let i = 0; i < 3; i++) expect((await call(metered, key, { tokens: 1 })).status).toBe(200);
    const res = await call(metered, key, { tokens: 1 });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('daily_limit_exceeded');
    expect(res.body.error).toContain('daily request cap');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('a rate-limited request is not billed', async () => {
    const { token, accountId } = await signup(t.app);
    const { key } = await createKey(t.app, token, { daily_request_cap: 1 });
    expect((await call(metered, key, { tokens: 10 })).status).toBe(200);
    expect((await call(metered, key, { tokens: 10 })).status).toBe(429);
    const usage = await t.db.db.selectFrom('usage_events').selectAll().where('account_id', '=', accountId).execute();
    expect(usage).toHaveLength(1);
  });
});

describe.skipIf(!process.env['REDIS_URL'])('shared limits across replicas (REDIS_URL)', () => {
  it('two app instances sharing Redis hold one rpm limit exactly', async () => {
    const prefix = `crema-replicas-${randomBytes(4).toString('hex')}`;
    const redisA = new Redis(process.env['REDIS_URL']!);
    const redisB = new Redis(process.env['REDIS_URL']!);
    try {
      const clock = () => new Date();
      const replicaA = meteredTestApp(createServices({ db: t.db.db, quotas: createQuotaStore({ redis: redisA, keyPrefix: prefix }), clock, sessionTtlMs: 3_600_000 }));
      const replicaB = meteredTestApp(createServices({ db: t.db.db, quotas: createQuotaStore({ redis: redisB, keyPrefix: prefix }), clock, sessionTtlMs: 3_600_000 }));
      const key = await freshKey();
      const statuses: number[] = [];
      for (let i = 0; i < 70; i++) statuses.push((await call(i % 2 ? replicaA : replicaB, key, { tokens: 1 })).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(60);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    } finally {
      redisA.disconnect();
      redisB.disconnect();
    }
  }, 60_000);
});

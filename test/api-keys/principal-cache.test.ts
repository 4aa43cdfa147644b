import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrincipalCache, PRINCIPAL_CACHE_MS } from '../../server/api-keys/principal-cache.js';
import type { KeyPrincipal } from '../../server/api-keys/api-keys.service.js';
import { createQuotaStore } from '../../server/rate-limit/quota.js';
import { createServices } from '../../server/services.js';
import { bearer, createKey, signup } from '../helpers/accounts.js';
import { meteredTestApp } from '../helpers/metered-route.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// Keys are answered from memory for a few seconds (principal-cache.ts). This replica forgets a key
// the moment it changes it; another replica's copy is bounded by the hold, which reads the key's
// row, and by the cache's lifetime. The clock is the test's: expiry is stepped over, not waited for.
let nowMs = Date.now();
const clock = () => new Date(nowMs);
let t: TestApp;
let here: Express;
/** A second replica on the same database, with its own cache. */
let there: Express;
beforeAll(async () => {
  t = await startTestApp({}, { now: () => nowMs });
  here = meteredTestApp(t.services);
  there = meteredTestApp(createServices({ db: t.db.db, quotas: createQuotaStore(), clock, sessionTtlMs: 3_600_000 }));
});
afterAll(async () => {
  await t.close();
});

const call = (app: Express, key: string, tokens = 100) => request(app).post('/metered').set('X-API-Key', key).send({ tokens });

describe('API key cache', () => {
  it('answers a known key from memory for a few seconds; last_used_at is written when the row is read', async () => {
    const { token } = await signup(t.app);
    const { key, id } = await createKey(t.app, token);
    expect((await call(here, key)).status).toBe(200);
    const used = async () => (await t.db.db.selectFrom('api_keys').select('last_used_at').where('id', '=', id).executeTakeFirstOrThrow()).last_used_at;
    const first = await used();
    expect(first).not.toBeNull();
    // last_used_at is written when the row is read, so it stays put while the cache answers.
    nowMs += 1_000;
    expect((await call(here, key)).status).toBe(200);
    expect(await used()).toEqual(first);
    nowMs += PRINCIPAL_CACHE_MS;
    expect((await call(here, key)).status).toBe(200);
    expect((await used())!.getTime()).toBe(nowMs);
  });

  it('a key revoked through another replica is refused there at once: the hold (or, for a free request, a read) meets its row', async () => {
    const { token, accountId } = await signup(t.app);
    const { key, id } = await createKey(t.app, token);
    expect((await call(there, key)).status).toBe(200);
    expect((await request(t.app).delete(`/api/keys/${id}`).set(bearer(token))).status).toBe(200);
    // This replica forgot it: 401 at authentication.
    expect((await call(here, key, 0)).status).toBe(401);
    // The other still has its copy, but the hold reads the key's row: nothing is charged.
    const billable = await call(there, key);
    expect(billable.status).toBe(401);
    expect(billable.body.code).toBe('invalid_api_key');
    // A free request (no tokens, no hold) reads the key's row instead.
    expect((await call(there, key, 0)).status).toBe(401);
    nowMs += PRINCIPAL_CACHE_MS;
    expect((await call(there, key, 0)).status).toBe(401);
    const usage = await t.db.db.selectFrom('usage_events').select('status').where('account_id', '=', accountId).execute();
    expect(usage.map((u) => u.status)).toEqual(['settled']);
  });

  it('a refused hold gives the rate limits back (the revoked key used none of them)', async () => {
    const { token } = await signup(t.app);
    const { key, id } = await createKey(t.app, token, { daily_request_cap: 2 });
    expect((await call(there, key)).status).toBe(200);
    await request(t.app).delete(`/api/keys/${id}`).set(bearer(token));
    expect((await call(there, key)).status).toBe(401);
    expect((await call(there, key)).status).toBe(401);
  });

  it('a budget set through another replica counts at once', async () => {
    const { token } = await signup(t.app);
    const { key, id } = await createKey(t.app, token);
    expect((await call(there, key)).status).toBe(200);
    // $0.00001 = 100 tokens, already spent by the request above.
    expect((await request(t.app).patch(`/api/keys/${id}`).set(bearer(token)).send({ monthly_budget_usd: 0.00001 })).status).toBe(200);
    const over = await call(there, key);
    expect(over.status).toBe(402);
    expect(over.body.code).toBe('api_key_budget_exceeded');
  });

  it('expiry is checked on every request, cached or not', async () => {
    const { token } = await signup(t.app);
    const { key } = await createKey(t.app, token, { expires_at: new Date(nowMs + 1_000).toISOString() });
    expect((await call(here, key)).status).toBe(200);
    nowMs += 1_000;
    const res = await call(here, key, 0);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('expired_api_key');
  });

  it("deleting the account forgets its keys on this replica at once", async () => {
    const { token } = await signup(t.app);
    const { key } = await createKey(t.app, token);
    expect((await call(here, key, 0)).status).toBe(200);
    expect((await request(t.app).delete('/api/profile/delete').set(bearer(token)).send({ confirmation: 'DELETE' })).status).toBe(200);
    expect((await call(here, key, 0)).status).toBe(401);
  });
});

describe('createPrincipalCache', () => {
  const principal = (keyId: string, accountId: string) => ({ key: { id: keyId }, account: { id: accountId } }) as unknown as KeyPrincipal;

  it('expires entries after ttlMs and drops the oldest beyond maxKeys', () => {
    const cache = createPrincipalCache({ ttlMs: 100, maxKeys: 2 });
    cache.set('a', principal('k1', 'acc1'), 0);
    expect(cache.get('a', 99)?.key.id).toBe('k1');
    expect(cache.get('a', 100)).toBeUndefined();
    cache.set('a', principal('k1', 'acc1'), 0);
    cache.set('b', principal('k2', 'acc1'), 0);
    cache.set('c', principal('k3', 'acc2'), 0);
    expect(cache.size()).toBe(2);
    expect(cache.get('a', 1)).toBeUndefined();
  });

  it('forgets by key and by account', () => {
    const cache = createPrincipalCache();
    cache.set('a', principal('k1', 'acc1'), 0);
    cache.set('b', principal('k2', 'acc1'), 0);
    cache.set('c', principal('k3', 'acc2'), 0);
    cache.forgetKey('k3');
    expect(cache.get('c', 1)).toBeUndefined();
    cache.forgetAccount('acc1');
    expect(cache.size()).toBe(0);
  });
});

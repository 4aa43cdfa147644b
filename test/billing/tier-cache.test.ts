import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIER_CACHE_MS } from '../../server/billing/account-tier.js';
import { createQuotaStore } from '../../server/rate-limit/quota.js';
import { createServices, type Services } from '../../server/services.js';
import { bearer, createKey, signup } from '../helpers/accounts.js';
import { meteredTestApp } from '../helpers/metered-route.js';
import { startTestApp, TEST_ADMIN_EMAIL, type TestApp } from '../helpers/test-app.js';

// The tier of the compression routes is cached per account for a few seconds (account-tier.ts);
// the clock is the test's, so expiry is stepped over, never waited for.
let nowMs = Date.UTC(2031, 4, 20, 12);
const clock = () => new Date(nowMs);
let t: TestApp;
/** A second replica on the same database (its own caches and quotas). */
let other: Services;
let here: Express;
let there: Express;
let admin: { token: string };
beforeAll(async () => {
  t = await startTestApp({}, { now: () => nowMs });
  other = createServices({ db: t.db.db, quotas: createQuotaStore(), clock, sessionTtlMs: 3_600_000 });
  here = meteredTestApp(t.services);
  there = meteredTestApp(other);
  admin = await signup(t.app, { email: TEST_ADMIN_EMAIL });
});
afterAll(async () => {
  await t.close();
});

const call = (app: Express, key: string, body: object) => request(app).post('/metered').set('X-API-Key', key).send(body);

async function account() {
  const { token, accountId } = await signup(t.app);
  return { token, accountId, key: (await createKey(t.app, token)).key };
}

describe('tier cache', () => {
  it("this replica's own settled usage moves the tier at once", async () => {
    const a = await account();
    expect((await t.services.tiers.tierOf(a.accountId)).name).toBe('tier1');
    // 1M compressed tokens this month is tier 2.
    expect((await call(here, a.key, { tokens: 10, compressed: 1_000_000 })).status).toBe(200);
    expect((await t.services.tiers.tierOf(a.accountId)).name).toBe('tier2');
  });

  it("another replica's usage shows once the cached total expires", async () => {
    const a = await account();
    expect((await t.services.tiers.tierOf(a.accountId)).name).toBe('tier1');
    expect((await call(there, a.key, { tokens: 10, compressed: 1_000_000 })).status).toBe(200);
    expect((await t.services.tiers.tierOf(a.accountId)).name).toBe('tier1');
    nowMs += TIER_CACHE_MS;
    expect((await t.services.tiers.tierOf(a.accountId)).name).toBe('tier2');
  });

  it('a new calendar month starts from a fresh read', async () => {
    const a = await account();
    expect((await call(here, a.key, { tokens: 10, compressed: 5_000_000 })).status).toBe(200);
    expect((await t.services.tiers.tierOf(a.accountId)).name).toBe('tier3');
    const d = new Date(nowMs);
    const saved = nowMs;
    nowMs = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 0, 0, 1);
    try {
      expect((await t.services.tiers.tierOf(a.accountId)).name).toBe('tier1');
    } finally {
      nowMs = saved;
    }
  });

  it('the limits follow the cached tier: a replica that learns of the new tier grants its higher rpm', async () => {
    const a = await account();
    for (let i = 0; i < 60; i++) expect((await call(there, a.key, { tokens: 1 })).status).toBe(200);
    const refused = await call(there, a.key, { tokens: 1 });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toContain('Tier 1 allows 60 requests per minute');
    // Usage settled elsewhere lifts the account to tier 2 (120 rpm): seen after the cache expires.
    expect((await call(here, a.key, { tokens: 1, compressed: 1_000_000 })).status).toBe(200);
    nowMs += TIER_CACHE_MS;
    expect((await call(there, a.key, { tokens: 1 })).status).toBe(200);
  }, 60_000);

  it('a top-up counts on the very next request: balances are never cached', async () => {
    const a = await account();
    await t.db.db.updateTable('accounts').set({ balance_nusd: 50_000 }).where('id', '=', a.accountId).execute();
    const poor = await call(here, a.key, { tokens: 1_000 });
    expect(poor.status).toBe(429);
    expect(poor.body.code).toBe('insufficient_credits');
    const topUp = await request(t.app).post(`/api/admin/accounts/${a.accountId}/credits`).set(bearer(admin.token)).send({ amount_usd: 1 });
    expect(topUp.status).toBe(200);
    expect((await call(here, a.key, { tokens: 1_000 })).status).toBe(200);
  });
});

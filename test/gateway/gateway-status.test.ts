import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, signup } from '../helpers/accounts.js';
import { meteredTestApp } from '../helpers/metered-route.js';
import { startTestApp, TEST_ADMIN_EMAIL, type TestApp } from '../helpers/test-app.js';

// A settable clock: usage rows take their created_at from it, so days and months are chosen.
let nowMs = Date.parse('2026-03-14T23:30:00Z');
let t: TestApp;
let metered: Express;
let user: { token: string; accountId: string; email: string };
let budgeted: { key: string; id: string };
let plain: { key: string; id: string };

const call = (key: string, body: object) => request(metered).post('/metered').set('X-API-Key', key).send(body);
const status = (key?: string) => {
  const r = request(t.app).get('/api/gateway/status');
  return key === undefined ? r : r.set('X-API-Key', key);
};
// $0.10 per 1M input tokens for every model
const cost = (tokens: number) => (tokens * 0.1) / 1e6;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => nowMs });
  metered = meteredTestApp(t.services);
  user = await signup(t.app);
  budgeted = await createKey(t.app, user.token, { name: 'laptop', monthly_budget_usd: 0.001 });
  plain = await createKey(t.app, user.token, { name: 'ci' });
  // 2026-03-14 23:30 UTC: one request on the budgeted key.
  expect((await call(budgeted.key, { tokens: 1_000, compressed: 400 })).status).toBe(200);
  // 2026-03-15 00:30 UTC, the next day: one more on each key and a failed one (not billed).
  nowMs = Date.parse('2026-03-15T00:30:00Z');
  expect((await call(budgeted.key, { tokens: 3_000, compressed: 1_000 })).status).toBe(200);
  expect((await call(plain.key, { tokens: 500, rows: 2, operation: 'batch' })).status).toBe(200);
  expect((await call(plain.key, { tokens: 700, fail: true })).status).toBe(500);
  // Another account's usage never shows.
  const other = await signup(t.app);
  expect((await call((await createKey(t.app, other.token)).key, { tokens: 9_999 })).status).toBe(200);
  nowMs = Date.parse('2026-03-15T12:00:00Z');
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/gateway/status', () => {
  it("answers the reference's GatewayStatusResult for the key's account: balance, month's spend, today's and the month's requests", async () => {
    const res = await status(plain.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    const data = res.body.data;
    expect(data).toMatchObject({
      tier: 'tier1',
      requests_today: 2,
      requests_this_month: 3,
      daily_request_limit: 5_000,
      is_admin: false,
      account_email: user.email,
      // the plain key has no cap: the reference's 0
      monthly_budget_usd: 0,
      usage_percent: 0,
    });
    expect(data.credits_used_this_month).toBeCloseTo(cost(4_500), 12);
    expect(data.credits_remaining_usd).toBeCloseTo(10 - cost(4_500), 12);
    expect(data.key).toMatchObject({ id: plain.id, name: 'ci', status: 'ACTIVE', monthly_budget_usd: null });
    expect(data.key.spent_this_month_usd).toBeCloseTo(cost(500), 12);
  });

  it("reports the presented key's budget and the share of it spent", async () => {
    const res = await status(budgeted.key);
    expect(res.status).toBe(200);
    expect(res.body.data.monthly_budget_usd).toBe(0.001);
    // $0.0004 of $0.001
    expect(res.body.data.usage_percent).toBe(40);
    expect(res.body.data.key).toMatchObject({ id: budgeted.id, name: 'laptop' });
  });

  it('starts from zero in a new calendar month (the balance stays)', async () => {
    nowMs = Date.parse('2026-04-01T00:10:00Z');
    try {
      const res = await status(plain.key);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ requests_today: 0, requests_this_month: 0, credits_used_this_month: 0 });
      expect(res.body.data.credits_remaining_usd).toBeCloseTo(10 - cost(4_500), 12);
    } finally {
      nowMs = Date.parse('2026-03-15T12:00:00Z');
    }
  });

  it('is_admin for the ADMIN_EMAIL account; a demo key may ask too', async () => {
    const admin = await signup(t.app, { email: TEST_ADMIN_EMAIL });
    const demo = await createKey(t.app, admin.token, { scope: 'demo' });
    const res = await status(demo.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ is_admin: true, account_email: TEST_ADMIN_EMAIL, requests_today: 0 });
  });

  it('asking does not count as a request', async () => {
    const before = (await status(plain.key)).body.data.requests_today;
    await status(plain.key);
    expect((await status(plain.key)).body.data.requests_today).toBe(before);
  });

  it('422 {detail} without X-API-Key, 401 for an unknown or revoked key, and a bearer session is not a key', async () => {
    const missing = await status();
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0].loc).toEqual(['header', 'x-api-key']);

    const unknown = await status(`cmp_${'Q'.repeat(40)}`);
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('invalid_api_key');

    // tier 1 allows two keys and the user has both: a fresh account gives the one to revoke
    const owner = await signup(t.app);
    const gone = await createKey(t.app, owner.token, { name: 'gone' });
    expect((await status(gone.key)).status).toBe(200);
    expect((await request(t.app).delete(`/api/keys/${gone.id}`).set(bearer(owner.token))).status).toBe(200);
    expect((await status(gone.key)).status).toBe(401);

    expect((await request(t.app).get('/api/gateway/status').set(bearer(user.token))).status).toBe(422);
  });
});

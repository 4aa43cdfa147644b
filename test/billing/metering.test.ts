import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, signup } from '../helpers/accounts.js';
import { meteredTestApp } from '../helpers/metered-route.js';
import { startTestApp, TEST_ADMIN_EMAIL, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let metered: Express;
const works: Array<{ started: number; aborted: boolean }> = [];
let admin: { token: string; accountId: string };
beforeAll(async () => {
  t = await startTestApp();
  metered = meteredTestApp(t.services, undefined, works);
  admin = await signup(t.app, { email: TEST_ADMIN_EMAIL });
});
afterAll(async () => {
  await t.close();
});

const call = (key: string, body: object) => request(metered).post('/metered').set('X-API-Key', key).send(body);
const balanceNusd = async (accountId: string) =>
  (await t.db.db.selectFrom('accounts').select('balance_nusd').where('id', '=', accountId).executeTakeFirstOrThrow()).balance_nusd;
async function setBalance(accountId: string, nusd: number): Promise<void> {
  await t.db.db.updateTable('accounts').set({ balance_nusd: nusd }).where('id', '=', accountId).execute();
}
const ledgerSum = async (accountId: string) =>
  (await t.db.db.selectFrom('ledger_entries').select('amount_nusd').where('account_id', '=', accountId).execute()).reduce(
    (s, r) => s + r.amount_nusd,
    0,
  );

describe('usage billing', () => {
  it('writes one settled usage row per billable request and charges $0.10 per 1M input tokens', async () => {
    const { token, accountId } = await signup(t.app);
    const { key, id } = await createKey(t.app, token);
    const res = await call(key, { tokens: 1_000, compressed: 300, rows: 3, operation: 'batch' });
    expect(res.status).toBe(200);
    const usage = await t.db.db.selectFrom('usage_events').selectAll().where('account_id', '=', accountId).execute();
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({
      api_key_id: id,
      status: 'settled',
      model: 'latte_v1',
      operation: 'batch',
      rows: 3,
      original_tokens: 1_000,
      compressed_tokens: 300,
      reserved_nusd: 100_000,
      cost_nusd: 100_000,
    });
    expect(await balanceNusd(accountId)).toBe(10_000_000_000 - 100_000);
    // The ledger explains the balance exactly: grant, hold, release, charge.
    expect(await ledgerSum(accountId)).toBe(await balanceNusd(accountId));
  });

  it('does not bill a request with no input tokens (empty contexts are free)', async () => {
    const { token, accountId } = await signup(t.app);
    const { key } = await createKey(t.app, token);
    expect((await call(key, { tokens: 0 })).status).toBe(200);
    expect(await t.db.db.selectFrom('usage_events').selectAll().where('account_id', '=', accountId).execute()).toHaveLength(0);
    expect(await balanceNusd(accountId)).toBe(10_000_000_000);
  });

  it('releases the whole hold when the work fails: usage row kept as released, balance unchanged', async () => {
    const { token, accountId } = await signup(t.app);
    const { key } = await createKey(t.app, token);
    const res = await call(key, { tokens: 500, fail: true });
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('internal_error');
    const usage = await t.db.db.selectFrom('usage_events').selectAll().where('account_id', '=', accountId).execute();
    expect(usage.map((u) => [u.status, u.cost_nusd])).toEqual([['released', 0]]);
    expect(await balanceNusd(accountId)).toBe(10_000_000_000);
    expect(await ledgerSum(accountId)).toBe(10_000_000_000);
  });

  it('answers 429 insufficient_credits without Retry-After when the balance cannot cover the worst case', async () => {
    const { token, accountId } = await signup(t.app);
    const { key } = await createKey(t.app, token);
    await setBalance(accountId, 150_000); // covers 1,500 tokens
    const res = await call(key, { tokens: 1_501 });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'insufficient_credits', retry_after: null });
    expect(res.headers['retry-after']).toBeUndefined();
    expect(await balanceNusd(accountId)).toBe(150_000);
    expect((await call(key, { tokens: 1_500 })).status).toBe(200);
  });

  it('takes the hold while the work runs; a hold refused meanwhile aborts the work and charges nothing, and that account then holds first', async () => {
    const { token, accountId } = await signup(t.app);
    const { key } = await createKey(t.app, token);
    const billing = t.services.billing;
    const authorize = billing.authorize;
    const holdsDone: number[] = [];
    billing.authorize = async (input) => {
      try {
        return await authorize(input);
      } finally {
        holdsDone.push(performance.now());
      }
    };
    try {
      const first = works.length;
      expect((await call(key, { tokens: 1_000, slowMs: 50 })).status).toBe(200);
      expect(works[first]!.started).toBeLessThan(holdsDone[0]!);

      await setBalance(accountId, 50_000); // less than 1,000 tokens cost
      const refused = await call(key, { tokens: 1_000, slowMs: 30_000 });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('insufficient_credits');
      expect(works.slice(first + 1)).toEqual([expect.objectContaining({ aborted: true })]);
      // Refused a moment ago: the next request is refused before any work starts.
      expect((await call(key, { tokens: 1_000, slowMs: 30_000 })).status).toBe(429);
      expect(works).toHaveLength(first + 2);
      const usage = await t.db.db.selectFrom('usage_events').select('status').where('account_id', '=', accountId).execute();
      expect(usage.map((u) => u.status)).toEqual(['settled']);
      expect(await balanceNusd(accountId)).toBe(50_000);

      await setBalance(accountId, 10_000_000_000);
      expect((await call(key, { tokens: 1_000 })).status).toBe(200);
      expect(works).toHaveLength(first + 3);
    } finally {
      billing.authorize = authorize;
    }
  });

  it('50 parallel billable requests against a small budget never overspend it', async () => {
    const { token, accountId } = await signup(t.app);
    // Budget for exactly 7 requests of 1000 tokens (100,000 nano-USD each).
    const { key, id } = await createKey(t.app, token, { monthly_budget_usd: 0.0007 });
    const results = await Promise.all(Array.from({ length: 50 }, () => call(key, { tokens: 1_000 })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(statuses.filter((s) => s === 402)).toHaveLength(43);
    const usage = await t.db.db.selectFrom('usage_events').selectAll().where('api_key_id', '=', id).execute();
    expect(usage).toHaveLength(7);
    expect(usage.every((u) => u.status === 'settled')).toBe(true);
    expect(usage.reduce((s, u) => s + u.cost_nusd, 0)).toBe(700_000);
    expect(await balanceNusd(accountId)).toBe(10_000_000_000 - 700_000);
    expect(await ledgerSum(accountId)).toBe(await balanceNusd(accountId));
  });

  it('parallel requests never push the account balance below zero', async () => {
    const { token, accountId } = await signup(t.app);
    const { key } = await createKey(t.app, token);
    // Each request holds 100,000 nano-USD (1,000 tokens): only three fit, even all at once.
    await setBalance(accountId, 350_000);
    const results = await Promise.all(Array.from({ length: 12 }, () => call(key, { tokens: 1_000 })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(Array(9).fill([429, 'insufficient_credits']));
    expect(await balanceNusd(accountId)).toBe(50_000);
  }, 60_000);

  it('settling below the hold gives the rest back; settling twice or after a release changes nothing', async () => {
    const { accountId } = await signup(t.app);
    const hold = await t.services.billing.authorize({
      accountId, apiKeyId: null, requestId: `below-${accountId}`, family: 'question-specific', model: 'latte_v1', operation: 'batch', worstCaseTokens: 1_000,
    });
    expect(hold.reservedNusd).toBe(100_000);
    expect(await balanceNusd(accountId)).toBe(10_000_000_000 - 100_000);
    expect(await t.services.billing.settle(hold, { originalTokens: 600, compressedTokens: 200, rows: 2 })).toBe(true);
    expect(await t.services.billing.settle(hold, { originalTokens: 600, compressedTokens: 200, rows: 2 })).toBe(false);
    expect(await t.services.billing.release(hold)).toBe(false);
    expect(await balanceNusd(accountId)).toBe(10_000_000_000 - 60_000);
    const [row] = await t.db.db.selectFrom('usage_events').selectAll().where('account_id', '=', accountId).execute();
    expect(row).toMatchObject({ status: 'settled', reserved_nusd: 100_000, cost_nusd: 60_000, original_tokens: 600, compressed_tokens: 200, rows: 2 });
    const ledger = await t.db.db.selectFrom('ledger_entries').select(['kind', 'amount_nusd']).where('account_id', '=', accountId).orderBy('id').execute();
    expect(ledger.map((l) => [l.kind, l.amount_nusd])).toEqual([['grant', 10_000_000_000], ['hold', -100_000], ['release', 100_000], ['charge', -60_000]]);
    expect(await ledgerSum(accountId)).toBe(await balanceNusd(accountId));
  });

  it('releases holds left pending by a crashed process', async () => {
    const { accountId } = await signup(t.app);
    const hold = await t.services.billing.authorize({
      accountId, apiKeyId: null, requestId: `crash-${accountId}`, family: 'question-specific', model: 'latte_v1', operation: 'single', worstCaseTokens: 1_000,
    });
    expect(await balanceNusd(accountId)).toBe(10_000_000_000 - hold.reservedNusd);
    expect(await t.services.billing.releaseStaleHolds(-1)).toBeGreaterThanOrEqual(1);
    expect(await balanceNusd(accountId)).toBe(10_000_000_000);
    // Settling after the release changes nothing: no double counting.
    await t.services.billing.settle(hold, { originalTokens: 1_000, compressedTokens: 1, rows: 1 });
    expect(await balanceNusd(accountId)).toBe(10_000_000_000);
  });
});

describe('admin credit top-up', () => {
  it('adds credit for an admin, with a ledger entry', async () => {
    const { token, accountId } = await signup(t.app);
    const res = await request(t.app).post(`/api/admin/accounts/${accountId}/credits`).set(bearer(admin.token)).send({ amount_usd: 25, note: 'invoice' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ account_id: accountId, balance_usd: 35 });
    const me = await request(t.app).get('/api/profile/me').set(bearer(token));
    expect(me.body.data.balance_usd).toBe(35);
    expect(await ledgerSum(accountId)).toBe(35_000_000_000);
  });

  it('is 403 forbidden for a user, 404 for an unknown account, 422 for a non-positive amount', async () => {
    const user = await signup(t.app);
    const asUser = await request(t.app).post(`/api/admin/accounts/${user.accountId}/credits`).set(bearer(user.token)).send({ amount_usd: 5 });
    expect(asUser.status).toBe(403);
    expect(asUser.body.code).toBe('forbidden');
    const unknown = await request(t.app)
      .post('/api/admin/accounts/00000000-0000-4000-8000-000000000000/credits')
      .set(bearer(admin.token))
      .send({ amount_usd: 5 });
    expect(unknown.status).toBe(404);
    const zero = await request(t.app).post(`/api/admin/accounts/${user.accountId}/credits`).set(bearer(admin.token)).send({ amount_usd: 0 });
    expect(zero.status).toBe(422);
  });
});

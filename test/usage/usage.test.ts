import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, signup } from '../helpers/accounts.js';
import { meteredTestApp } from '../helpers/metered-route.js';
import { startTestApp, TEST_ADMIN_EMAIL, type TestApp } from '../helpers/test-app.js';

// A settable clock: usage rows take their created_at from it, so days are chosen, not waited for.
let nowMs = Date.parse('2026-03-14T23:30:00Z');
let t: TestApp;
let metered: Express;
let admin: { token: string; accountId: string };
let user: { token: string; accountId: string };
let keyA: { key: string; id: string };
let keyB: { key: string; id: string };

const call = (key: string, body: object) => request(metered).post('/metered').set('X-API-Key', key).send(body);
const usage = (token: string, query: Record<string, string | number> = {}) => request(t.app).get('/api/usage').query(query).set(bearer(token));
const ledger = (token: string, query: Record<string, string | number> = {}) => request(t.app).get('/api/usage/ledger').query(query).set(bearer(token));

beforeAll(async () => {
  t = await startTestApp({}, { now: () => nowMs });
  metered = meteredTestApp(t.services);
  admin = await signup(t.app, { email: TEST_ADMIN_EMAIL });
  user = await signup(t.app);
  keyA = await createKey(t.app, user.token, { name: 'laptop' });
  keyB = await createKey(t.app, user.token, { name: 'ci' });
  // 2026-03-14, 23:30 UTC: one latte_v1 request on key A.
  expect((await call(keyA.key, { tokens: 1_000, compressed: 400 })).status).toBe(200);
  // 2026-03-15, 00:30 UTC (the next UTC day): latte_v2 on key A, latte_v1 on key B, a failed request on B.
  nowMs = Date.parse('2026-03-15T00:30:00Z');
  expect((await call(keyA.key, { tokens: 3_000, compressed: 1_000, model: 'latte_v2' })).status).toBe(200);
  expect((await call(keyB.key, { tokens: 500, compressed: 500, rows: 2, operation: 'batch' })).status).toBe(200);
  expect((await call(keyB.key, { tokens: 700, fail: true })).status).toBe(500);
  // Another account's usage must never show up.
  const other = await createKey(t.app, admin.token);
  expect((await call(other.key, { tokens: 9_999 })).status).toBe(200);
  nowMs = Date.parse('2026-03-15T12:00:00Z');
});
afterAll(async () => {
  await t.close();
});

// $0.10 per 1M tokens
const cost = (tokens: number) => (tokens * 0.1) / 1e6;

describe('GET /api/usage', () => {
  it('groups by UTC day, listing every day of the range with zeros where there was no usage', async () => {
    const res = await usage(user.token, { from: '2026-03-13', to: '2026-03-15', group_by: 'day' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ from: '2026-03-13', to: '2026-03-15', group_by: 'day' });
    expect(res.body.data.groups).toEqual([
      { group: '2026-03-13', label: '2026-03-13', requests: 0, original_tokens: 0, compressed_tokens: 0, tokens_saved: 0, cost_usd: 0 },
      { group: '2026-03-14', label: '2026-03-14', requests: 1, original_tokens: 1_000, compressed_tokens: 400, tokens_saved: 600, cost_usd: cost(1_000) },
      { group: '2026-03-15', label: '2026-03-15', requests: 2, original_tokens: 3_500, compressed_tokens: 1_500, tokens_saved: 2_000, cost_usd: cost(3_500) },
    ]);
    expect(res.body.data.totals).toEqual({ requests: 3, original_tokens: 4_500, compressed_tokens: 1_900, tokens_saved: 2_600, cost_usd: cost(4_500) });
  });

  it('groups by model, costliest first', async () => {
    const res = await usage(user.token, { from: '2026-03-01', to: '2026-03-31', group_by: 'model' });
    expect(res.status).toBe(200);
    expect(res.body.data.groups.map((g: { group: string; requests: number; original_tokens: number }) => [g.group, g.requests, g.original_tokens])).toEqual([
      ['latte_v2', 1, 3_000],
      ['latte_v1', 2, 1_500],
    ]);
  });

  it('groups by key, labelled with the key name and prefix', async () => {
    const res = await usage(user.token, { from: '2026-03-01', to: '2026-03-31', group_by: 'key' });
    expect(res.status).toBe(200);
    const [first, second] = res.body.data.groups;
    expect(first).toMatchObject({ group: keyA.id, requests: 2, original_tokens: 4_000, compressed_tokens: 1_400 });
    expect(first.label).toMatch(/^laptop \(cmp_\w+…\)$/);
    expect(keyA.key.startsWith(first.label.slice('laptop ('.length, -2))).toBe(true);
    expect(second).toMatchObject({ group: keyB.id, requests: 1, original_tokens: 500, tokens_saved: 0 });
  });

  it('a range boundary cuts at UTC midnight, both ends inclusive', async () => {
    const res = await usage(user.token, { from: '2026-03-15', to: '2026-03-15', group_by: 'model' });
    expect(res.body.data.totals).toMatchObject({ requests: 2, original_tokens: 3_500 });
  });

  it('defaults to this month by day', async () => {
    const res = await usage(user.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ from: '2026-03-01', to: '2026-03-15', group_by: 'day' });
    expect(res.body.data.groups).toHaveLength(15);
    expect(res.body.data.totals.requests).toBe(3);
  });

  it('an account without usage gets zeros', async () => {
    const fresh = await signup(t.app);
    const res = await usage(fresh.token, { group_by: 'key' });
    expect(res.status).toBe(200);
    expect(res.body.data.groups).toEqual([]);
    expect(res.body.data.totals).toEqual({ requests: 0, original_tokens: 0, compressed_tokens: 0, tokens_saved: 0, cost_usd: 0 });
  });

  it.each([
    ['from after to', { from: '2026-03-15', to: '2026-03-14' }, 'from'],
    ['a range over 366 days', { from: '2025-01-01', to: '2026-03-15' }, 'from'],
    ['a day that does not exist', { to: '2026-02-30' }, 'to'],
  ])('%s is 422 validation_error', async (_n, query, field) => {
    const res = await usage(user.token, query);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, code: 'validation_error', field });
  });

  it.each([
    ['a malformed date', { from: '15/03/2026' }, 'from'],
    ['an unknown grouping', { group_by: 'week' }, 'group_by'],
  ])('%s is 422 {detail}', async (_n, query, field) => {
    const res = await usage(user.token, query);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['query', field]);
  });

  it('needs a bearer session', async () => {
    const res = await request(t.app).get('/api/usage');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('authentication_error');
    expect((await request(t.app).get('/api/usage').set('X-API-Key', keyA.key)).status).toBe(401);
  });
});

describe('GET /api/usage/ledger', () => {
  it('lists charges with their request, the starting grant and top-ups, newest first, without holds', async () => {
    const top = await request(t.app).post(`/api/admin/accounts/${user.accountId}/credits`).set(bearer(admin.token)).send({ amount_usd: 5, note: 'invoice 7' });
    expect(top.status).toBe(200);
    const res = await ledger(user.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { entries, next_cursor } = res.body.data;
    expect(next_cursor).toBeNull();
    expect(entries.map((e: { kind: string }) => e.kind)).toEqual(['top_up', 'charge', 'charge', 'charge', 'grant']);
    expect(entries[0]).toMatchObject({ amount_usd: 5, note: 'invoice 7', request_id: null, model: null, original_tokens: null });
    expect(entries[1]).toMatchObject({ amount_usd: -cost(500), model: 'latte_v1', original_tokens: 500 });
    expect(entries[2]).toMatchObject({ amount_usd: -cost(3_000), model: 'latte_v2', original_tokens: 3_000 });
    expect(entries[1].request_id).toEqual(expect.any(String));
    expect(entries[4]).toMatchObject({ kind: 'grant', amount_usd: 10, note: 'starting credit' });
    const ids = entries.map((e: { id: string }) => BigInt(e.id));
    expect([...ids].sort((a, b) => (b > a ? 1 : -1))).toEqual(ids);
    // The visible entries add up to the balance once every request has settled.
    const me = await request(t.app).get('/api/profile/me').set(bearer(user.token));
    const sum = entries.reduce((s: number, e: { amount_usd: number }) => s + e.amount_usd, 0);
    expect(sum).toBeCloseTo(me.body.data.balance_usd, 9);
  });

  it('pages with limit and next_cursor, without gaps or repeats', async () => {
    const all = (await ledger(user.token, { limit: 200 })).body.data.entries.map((e: { id: string }) => e.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await ledger(user.token, cursor ? { limit: 2, before: cursor } : { limit: 2 });
      expect(res.status).toBe(200);
      expect(res.body.data.entries.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.data.entries.map((e: { id: string }) => e.id));
      cursor = res.body.data.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(all);
    expect(pages).toBe(3);
  });

  it("shows only the caller's entries", async () => {
    const res = await ledger(admin.token);
    expect(res.body.data.entries.map((e: { kind: string; original_tokens: number | null }) => [e.kind, e.original_tokens])).toEqual([
      ['charge', 9_999],
      ['grant', null],
    ]);
  });

  it.each([
    ['limit 0', { limit: 0 }, 'limit'],
    ['limit 201', { limit: 201 }, 'limit'],
    ['a non-numeric cursor', { before: 'abc' }, 'before'],
  ])('%s is 422 {detail}', async (_n, query, field) => {
    const res = await ledger(user.token, query);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['query', field]);
  });

  it('needs a bearer session', async () => {
    expect((await request(t.app).get('/api/usage/ledger')).status).toBe(401);
  });
});

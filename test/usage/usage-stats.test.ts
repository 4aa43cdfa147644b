import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, signup } from '../helpers/accounts.js';
import { meteredTestApp } from '../helpers/metered-route.js';
import { startTestApp, TEST_ADMIN_EMAIL, type TestApp } from '../helpers/test-app.js';

// A settable clock: usage rows take their created_at from it.
let nowMs = Date.parse('2026-03-14T22:10:00Z');
let t: TestApp;
let metered: Express;
let user: { token: string; accountId: string };
let keyA: { key: string; id: string };
let keyB: { key: string; id: string };

const call = (key: string, body: object) => request(metered).post('/metered').set('X-API-Key', key).send(body);
const stats = (token: string, query: Record<string, string | number | boolean> = {}) => request(t.app).get('/api/usage/stats').query(query).set(bearer(token));
const usage = (token: string, query: Record<string, string> = {}) => request(t.app).get('/api/usage').query(query).set(bearer(token));
// $0.10 per 1M tokens
const cost = (tokens: number) => (tokens * 0.1) / 1e6;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => nowMs });
  metered = meteredTestApp(t.services);
  const admin = await signup(t.app, { email: TEST_ADMIN_EMAIL });
  user = await signup(t.app);
  keyA = await createKey(t.app, user.token, { name: 'laptop' });
  keyB = await createKey(t.app, user.token, { name: 'gateway' });
  // 2026-03-14 22:10 UTC: sdk:python on key A.
  expect((await call(keyA.key, { tokens: 1_000, compressed: 400, source: 'sdk:python' })).status).toBe(200);
  // 2026-03-15 00:40 UTC: a gateway request on key B (latte_v2), and one with no source on key A.
  nowMs = Date.parse('2026-03-15T00:40:00Z');
  expect((await call(keyB.key, { tokens: 3_000, compressed: 1_000, model: 'latte_v2', source: 'gateway:anthropic' })).status).toBe(200);
  expect((await call(keyA.key, { tokens: 500, compressed: 200 })).status).toBe(200);
  // Another account's usage never shows.
  const other = await createKey(t.app, admin.token);
  expect((await call(other.key, { tokens: 9_999, source: 'sdk:python' })).status).toBe(200);
  nowMs = Date.parse('2026-03-15T12:00:00Z');
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/usage/stats', () => {
  it('last_day by hour: the reference fields, one point per UTC hour, zeros included', async () => {
    const res = await stats(user.token, { period: 'last_day', group_by: 'hour' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      period: 'last_day',
      period_start: '2026-03-14T12:00:00.000Z',
      period_end: '2026-03-15T12:00:00.000Z',
      group_by: 'hour',
      total_requests: 3,
      total_input_tokens: 4_500,
      total_compressed_input_tokens: 1_600,
      total_output_tokens: 1_600,
      total_savings_usd: 0,
      api_key_id: null,
      model: null,
      per_key_time_series: null,
    });
    expect(d.total_cost_usd).toBeCloseTo(cost(4_500), 12);
    expect(d.total_spent_usd).toBe(d.total_cost_usd);
    expect(d.time_series).toHaveLength(24);
    const at = (ts: string) => d.time_series.find((p: { timestamp: string }) => p.timestamp === ts);
    expect(at('2026-03-14T22:00:00.000Z')).toMatchObject({ requests: 1, input_tokens: 1_000, compressed_input_tokens: 400 });
    expect(at('2026-03-15T00:00:00.000Z')).toMatchObject({ requests: 2, input_tokens: 3_500, compressed_input_tokens: 1_200 });
    expect(at('2026-03-15T05:00:00.000Z')).toMatchObject({ requests: 0, input_tokens: 0, cost_usd: 0 });
  });

  it('defaults: last_day by day (two UTC days overlap the last 24 hours)', async () => {
    const res = await stats(user.token);
    expect(res.body.data.period).toBe('last_day');
    expect(res.body.data.group_by).toBe('day');
    expect(res.body.data.time_series.map((p: { timestamp: string; requests: number }) => [p.timestamp, p.requests])).toEqual([
      ['2026-03-14T00:00:00.000Z', 1],
      ['2026-03-15T00:00:00.000Z', 2],
    ]);
  });

  it('breaks totals down by source, the costliest first, null for requests without one', async () => {
    const res = await stats(user.token, { period: 'last_week' });
    expect(res.body.data.by_source).toEqual([
      { source: 'gateway:anthropic', requests: 1, input_tokens: 3_000, compressed_input_tokens: 1_000, cost_usd: cost(3_000) },
      { source: 'sdk:python', requests: 1, input_tokens: 1_000, compressed_input_tokens: 400, cost_usd: cost(1_000) },
      { source: null, requests: 1, input_tokens: 500, compressed_input_tokens: 200, cost_usd: cost(500) },
    ]);
  });

  it('filters by key and model, and includes per-key series on request', async () => {
    const byKey = await stats(user.token, { period: 'last_week', api_key_id: keyA.id });
    expect(byKey.body.data).toMatchObject({ api_key_id: keyA.id, total_requests: 2, total_input_tokens: 1_500 });
    const byModel = await stats(user.token, { period: 'last_week', model: 'latte_v2' });
    expect(byModel.body.data).toMatchObject({ model: 'latte_v2', total_requests: 1, total_input_tokens: 3_000 });
    const notAKey = await stats(user.token, { period: 'last_week', api_key_id: 'not-a-uuid' });
    expect(notAKey.status).toBe(200);
    expect(notAKey.body.data.total_requests).toBe(0);
    const perKey = await stats(user.token, { period: 'last_day', include_per_key: true });
    const series = perKey.body.data.per_key_time_series;
    expect(Object.keys(series).sort()).toEqual([keyA.id, keyB.id].sort());
    const sum = (id: string) => series[id].reduce((n: number, p: { requests: number }) => n + p.requests, 0);
    expect([sum(keyA.id), sum(keyB.id)]).toEqual([2, 1]);
  });

  it('custom: both days included; current_month starts on the first', async () => {
    const custom = await stats(user.token, { period: 'custom', start_date: '2026-03-15', end_date: '2026-03-15' });
    expect(custom.body.data).toMatchObject({ period_start: '2026-03-15T00:00:00.000Z', period_end: '2026-03-16T00:00:00.000Z', total_requests: 2 });
    const month = await stats(user.token, { period: 'current_month' });
    expect(month.body.data).toMatchObject({ period_start: '2026-03-01T00:00:00.000Z', total_requests: 3 });
    expect(month.body.data.time_series).toHaveLength(15);
  });

  it.each([
    ['custom without dates', { period: 'custom' }, 'start_date'],
    ['a malformed date', { period: 'custom', start_date: '2026-02-30', end_date: '2026-03-01' }, 'start_date'],
    ['start after end', { period: 'custom', start_date: '2026-03-10', end_date: '2026-03-01' }, 'start_date'],
    ['a custom period over 366 days', { period: 'custom', start_date: '2024-01-01', end_date: '2026-01-01' }, 'start_date'],
  ])('%s is 400 with the flat error body', async (_n, query, field) => {
    const res = await stats(user.token, query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'bad_request', field });
  });

  it('an unknown period is 422; the route needs a bearer session', async () => {
    expect((await stats(user.token, { period: 'forever' })).status).toBe(422);
    expect((await request(t.app).get('/api/usage/stats')).status).toBe(401);
  });
});

describe('GET /api/usage group_by=source', () => {
  it('groups by the source each request sent, none for requests without one', async () => {
    const res = await usage(user.token, { from: '2026-03-14', to: '2026-03-15', group_by: 'source' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.groups.map((g: { group: string; label: string; requests: number }) => [g.group, g.label, g.requests])).toEqual([
      ['gateway:anthropic', 'gateway:anthropic', 1],
      ['sdk:python', 'sdk:python', 1],
      ['none', 'no source', 1],
    ]);
    expect(res.body.data.totals.requests).toBe(3);
  });
});

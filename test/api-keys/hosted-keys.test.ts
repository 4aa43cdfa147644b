import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bearer, createKey, signup } from '../helpers/accounts.js';
import { meteredTestApp } from '../helpers/metered-route.js';
import { useTestApp } from '../helpers/test-app.js';

// The hosted API's key routes (/api/api-keys) and its on-prem key check, over crema's keys.
const t = useTestApp();
const DAY_MS = 86_400_000;

describe('POST /api/api-keys', () => {
  it("201 with the hosted API's APIKeyCreatedResult; expiry defaults to 30 days", async () => {
    const { token } = await signup(t().app);
    const before = Date.now();
    const res = await request(t().app).post('/api/api-keys').set(bearer(token)).send({ name: 'laptop', daily_limit: 50 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const d = res.body.data;
    expect(res.body.success).toBe(true);
    expect(d).toMatchObject({ name: 'laptop', scope: 'user', status: 'active', billing_mode: 'prepaid', company_name: null, daily_limit: 50 });
    expect(d.key).toMatch(/^cmp_[0-9A-Za-z]{40}$/);
    expect(d.key_preview).toBe(`${d.key.slice(0, 12)}…`);
    const expires = Date.parse(d.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 1_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS + 1_000);
    // The same key through crema's own route.
    const own = await request(t().app).get(`/api/keys/${d.id}`).set(bearer(token));
    expect(own.body.data).toMatchObject({ daily_request_cap: 50, status: 'ACTIVE' });
  });

  it('expires_at null means never; the key works on the compression routes', async () => {
    const { token } = await signup(t().app);
    const res = await request(t().app).post('/api/api-keys').set(bearer(token)).send({ name: 'ci', scope: 'user', expires_at: null, daily_limit: null });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ expires_at: null, daily_limit: null });
    const call = await request(meteredTestApp(t().services)).post('/metered').set('X-API-Key', res.body.data.key).send({ tokens: 10 });
    expect(call.status).toBe(200);
  });

  it('enterprise keys are 400 bad_request; a bad body is 422; the tier caps live keys at 403', async () => {
    const { token } = await signup(t().app);
    const ent = await request(t().app).post('/api/api-keys').set(bearer(token)).send({ name: 'corp', scope: 'enterprise', company_name: 'ACME', request_message: 'please' });
    expect(ent.status).toBe(400);
    expect(ent.body).toMatchObject({ success: false, code: 'bad_request', field: 'scope' });
    expect((await request(t().app).post('/api/api-keys').set(bearer(token)).send({ name: '' })).status).toBe(422);
    expect((await request(t().app).post('/api/api-keys').set(bearer(token)).send({ name: 'x', daily_limit: 0 })).status).toBe(422);
    for (let i = 0; i < 2; i++) expect((await request(t().app).post('/api/api-keys').set(bearer(token)).send({ name: `k${i}` })).status).toBe(201);
    const third = await request(t().app).post('/api/api-keys').set(bearer(token)).send({ name: 'k3' });
    expect(third.status).toBe(403);
    expect(third.body.code).toBe('key_limit_reached');
  });
});

describe('GET /api/api-keys and /api/api-keys/{key_id}', () => {
  it('lists live keys with request counts; revoked keys are summed in revoked_summary', async () => {
    const { token } = await signup(t().app);
    const live = await createKey(t().app, token, { name: 'live' });
    const gone = await createKey(t().app, token, { name: 'gone' });
    const metered = meteredTestApp(t().services);
    for (const [k, n] of [[live, 2], [gone, 3]] as const) {
      for (let i = 0; i < n; i++) expect((await request(metered).post('/metered').set('X-API-Key', k.key).send({ tokens: 1_000 })).status).toBe(200);
    }
    const revoke = await request(t().app).put(`/api/api-keys/${gone.id}/revoke`).set(bearer(token));
    expect(revoke.status).toBe(200);
    expect(revoke.body).toMatchObject({ success: true, message: 'API key revoked' });

    const res = await request(t().app).get('/api/api-keys').set(bearer(token));
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ id: live.id, name: 'live', status: 'active', scope: 'user', total_requests: 2, key_plain: null, daily_limit: null });
    expect(res.body.revoked_summary).toMatchObject({ count: 1, total_requests_all_time: 3, total_requests_this_month: 3 });
    expect(res.body.revoked_summary.total_usage_this_month_usd).toBeCloseTo((3_000 * 0.1) / 1e6, 12);
    expect(typeof res.body.revoked_summary.latest_revoked_at).toBe('string');

    const one = await request(t().app).get(`/api/api-keys/${gone.id}`).set(bearer(token));
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: gone.id, status: 'revoked', total_requests: 3 });
    // Revoking again is fine; the key no longer authenticates.
    expect((await request(t().app).put(`/api/api-keys/${gone.id}/revoke`).set(bearer(token))).status).toBe(200);
    expect((await request(t().app).get('/api/v1/onprem/validate-key').set('X-API-Key', gone.key)).status).toBe(401);
  });

  it("another account's key is 404, a non-UUID id 422, no session 401", async () => {
    const a = await signup(t().app);
    const b = await signup(t().app);
    const k = await createKey(t().app, a.token);
    const foreign = await request(t().app).get(`/api/api-keys/${k.id}`).set(bearer(b.token));
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('not_found');
    expect((await request(t().app).put(`/api/api-keys/${k.id}/revoke`).set(bearer(b.token))).status).toBe(404);
    expect((await request(t().app).get('/api/api-keys/nope').set(bearer(a.token))).status).toBe(422);
    expect((await request(t().app).get('/api/api-keys')).status).toBe(401);
  });
});

describe('GET /api/v1/onprem/validate-key', () => {
  it('answers {valid, user_id, scope} for a live key, demo keys included', async () => {
    const { token, accountId } = await signup(t().app);
    const user = await createKey(t().app, token);
    const res = await request(t().app).get('/api/v1/onprem/validate-key').set('X-API-Key', user.key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ valid: true, user_id: accountId, scope: 'user', key_id: user.id });
    const demo = await createKey(t().app, token, { scope: 'demo' });
    expect((await request(t().app).get('/api/v1/onprem/validate-key').set('X-API-Key', demo.key)).body).toMatchObject({ valid: true, scope: 'demo' });
  });

  it('a missing header is 422, a malformed or unknown key 401', async () => {
    expect((await request(t().app).get('/api/v1/onprem/validate-key')).status).toBe(422);
    const bad = await request(t().app).get('/api/v1/onprem/validate-key').set('X-API-Key', 'sk-nope');
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('invalid_api_key');
  });
});

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bearer, createKey, signup } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();

describe('API key routes', () => {
  it('create shows the full cmp_ key once; only its hash and prefix are stored', async () => {
    const { token, accountId } = await signup(t().app);
    const res = await request(t().app)
      .post('/api/keys')
      .set(bearer(token))
      .send({ name: 'ci', monthly_budget_usd: 5, daily_request_cap: 100, expires_at: '2099-01-01T00:00:00Z' });
    expect(res.status).toBe(201);
    const key: string = res.body.data.key;
    expect(key).toMatch(/^cmp_[0-9A-Za-z]{40}$/);
    expect(res.body.data).toMatchObject({
      name: 'ci',
      scope: 'user',
      status: 'ACTIVE',
      prefix: key.slice(0, 12),
      monthly_budget_usd: 5,
      spent_this_month_usd: 0,
      daily_request_cap: 100,
      expires_at: '2099-01-01T00:00:00.000Z',
    });
    const rows = await t().db.db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).execute();
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(rows[0]!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    const list = await request(t().app).get('/api/keys').set(bearer(token));
    expect(JSON.stringify(list.body)).not.toContain(key);
    expect(list.body.data.keys).toHaveLength(1);
    const one = await request(t().app).get(`/api/keys/${res.body.data.id}`).set(bearer(token));
    expect(one.body.data).not.toHaveProperty('key');
  });

  it("keys are private: another account's key id is 404", async () => {
    const a = await signup(t().app);
    const b = await signup(t().app);
    const { id } = await createKey(t().app, a.token);
    for (const op of [
      request(t().app).get(`/api/keys/${id}`),
      request(t().app).delete(`/api/keys/${id}`),
      request(t().app).patch(`/api/keys/${id}`).send({ monthly_budget_usd: 1 }),
    ]) {
      const res = await op.set(bearer(b.token));
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
  });

  it('caps ACTIVE keys at the tier max_api_keys (403 key_limit_reached); revoking frees a slot', async () => {
    const { token } = await signup(t().app);
    const first = await createKey(t().app, token);
    await createKey(t().app, token);
    const third = await request(t().app).post('/api/keys').set(bearer(token)).send({ name: 'three' });
    expect(third.status).toBe(403);
    expect(third.body.code).toBe('key_limit_reached');
    expect((await request(t().app).delete(`/api/keys/${first.id}`).set(bearer(token))).status).toBe(200);
    await createKey(t().app, token);
  });

  it('raises, lowers and removes a budget', async () => {
    const { token } = await signup(t().app);
    const { id } = await createKey(t().app, token, { monthly_budget_usd: 1 });
    const up = await request(t().app).patch(`/api/keys/${id}`).set(bearer(token)).send({ monthly_budget_usd: 2.5 });
    expect(up.body.data.monthly_budget_usd).toBe(2.5);
    const off = await request(t().app).patch(`/api/keys/${id}`).set(bearer(token)).send({ monthly_budget_usd: null });
    expect(off.body.data.monthly_budget_usd).toBeNull();
    const bad = await request(t().app).patch(`/api/keys/${id}`).set(bearer(token)).send({ monthly_budget_usd: 0 });
    expect(bad.status).toBe(422);
  });

  it('delete revokes at once: status REVOKED and the next request with the key is 401', async () => {
    const { token } = await signup(t().app);
    const { id, key } = await createKey(t().app, token);
    const del = await request(t().app).delete(`/api/keys/${id}`).set(bearer(token));
    expect(del.status).toBe(200);
    expect(del.body.data.status).toBe('REVOKED');
    expect(del.body.data.revoked_at).not.toBeNull();
    const next = await request(t().app).get('/api/v1/onprem/validate-key').set('X-API-Key', key);
    expect(next.status).toBe(401);
    expect(next.body.code).toBe('invalid_api_key');
  });

  it.each([
    ['an expiry in the past', { name: 'x', expires_at: '2000-01-01T00:00:00Z' }, 422],
    ['an unknown scope', { name: 'x', scope: 'admin' }, 422],
    ['a missing name', {}, 422],
    ['a zero daily cap', { name: 'x', daily_request_cap: 0 }, 422],
  ])('rejects %s', async (_n, body, status) => {
    const { token } = await signup(t().app);
    const res = await request(t().app).post('/api/keys').set(bearer(token)).send(body);
    expect(res.status).toBe(status);
  });

  it('key routes need a bearer session', async () => {
    expect((await request(t().app).get('/api/keys')).status).toBe(401);
    expect((await request(t().app).post('/api/keys').send({ name: 'x' })).status).toBe(401);
  });
});

describe('POST /api/authorize/logout', () => {
  it('revokes the calling key; the next request with it is 401', async () => {
    const { token } = await signup(t().app);
    const { key, id } = await createKey(t().app, token);
    const out = await request(t().app).post('/api/authorize/logout').set('X-API-Key', key);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, revoked_key_id: id, message: 'API key revoked' });
    const status = await request(t().app).get(`/api/keys/${id}`).set(bearer(token));
    expect(status.body.data.status).toBe('REVOKED');
    expect((await request(t().app).get('/api/v1/onprem/validate-key').set('X-API-Key', key)).status).toBe(401);
  });

  it('is idempotent, as in the hosted API: an already revoked key gets 200 with revoked_key_id null', async () => {
    const { token } = await signup(t().app);
    const { key } = await createKey(t().app, token);
    expect((await request(t().app).post('/api/authorize/logout').set('X-API-Key', key)).body.revoked_key_id).toBeTruthy();
    const again = await request(t().app).post('/api/authorize/logout').set('X-API-Key', key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, revoked_key_id: null, message: 'API key was already revoked' });
  });

  it("takes the hosted SDK's request: an empty body sent as application/json", async () => {
    const { token } = await signup(t().app);
    const { key, id } = await createKey(t().app, token);
    const res = await request(t().app).post('/api/authorize/logout').set('X-API-Key', key).set('Content-Type', 'application/json').send('');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.revoked_key_id).toBe(id);
  });

  it('an unknown well-formed key is 401: nothing to log out of', async () => {
    const res = await request(t().app).post('/api/authorize/logout').set('X-API-Key', `cmp_${'A'.repeat(40)}`);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_api_key');
  });

  it('without the header is 422 {detail}; with a malformed key is 401', async () => {
    const missing = await request(t().app).post('/api/authorize/logout');
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toContainEqual({ loc: ['header', 'x-api-key'], msg: 'Field required', type: 'missing' });
    const malformed = await request(t().app).post('/api/authorize/logout').set('X-API-Key', 'sk-not-ours');
    expect(malformed.status).toBe(401);
    expect(malformed.body.code).toBe('invalid_api_key');
  });
});

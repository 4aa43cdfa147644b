import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, signup } from '../helpers/accounts.js';
import { startTestApp, TEST_ADMIN_EMAIL, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: { token: string; accountId: string };
beforeAll(async () => {
  t = await startTestApp();
  admin = await signup(t.app, { email: TEST_ADMIN_EMAIL });
});
afterAll(async () => {
  await t.close();
});

describe('profile routes', () => {
  it('create: 201 once, 400 profile_exists after, works without a body', async () => {
    const { token } = await signup(t.app);
    const first = await request(t.app).post('/api/profile/create').set(bearer(token));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ success: true, message: 'Profile created' });
    const again = await request(t.app).post('/api/profile/create').set(bearer(token)).send({});
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('profile_exists');
    const me = await request(t.app).get('/api/profile/me').set(bearer(token));
    expect(me.body.data.profile_created).toBe(true);
  });

  it('create: sets account_type, which can then never change', async () => {
    const { token } = await signup(t.app);
    expect((await request(t.app).post('/api/profile/create').set(bearer(token)).send({ account_type: 'enterprise' })).status).toBe(201);
    const change = await request(t.app).patch('/api/profile/me').set(bearer(token)).send({ account_type: 'user' });
    expect(change.status).toBe(400);
    expect(change.body).toMatchObject({ code: 'account_type_immutable', field: 'account_type' });
    const same = await request(t.app).patch('/api/profile/me').set(bearer(token)).send({ account_type: 'enterprise' });
    expect(same.status).toBe(200);
    const role = await request(t.app).get('/api/profile/role').set(bearer(token));
    expect(role.body).toEqual({ role: 'user', is_admin: false, account_type: 'enterprise' });
  });

  it('create: 400 when account_type set at signup differs, 422 for an unknown type', async () => {
    const { token } = await signup(t.app, { account_type: 'user' });
    const res = await request(t.app).post('/api/profile/create').set(bearer(token)).send({ account_type: 'enterprise' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('account_type_immutable');
    const bad = await request(t.app).post('/api/profile/create').set(bearer(token)).send({ account_type: 'vip' });
    expect(bad.status).toBe(422);
  });

  it('PATCH /me: sets account_type once when unset, updates display_name, 422 on an empty body', async () => {
    const { token } = await signup(t.app);
    const set = await request(t.app).patch('/api/profile/me').set(bearer(token)).send({ account_type: 'user', display_name: 'Ada' });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ account_type: 'user', display_name: 'Ada' });
    expect((await request(t.app).patch('/api/profile/me').set(bearer(token)).send({})).status).toBe(422);
  });

  it('GET /me: profile with tier and balance', async () => {
    const me = await request(t.app).get('/api/profile/me').set(bearer(admin.token));
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ id: admin.accountId, role: 'admin', tier: 'tier1', balance_usd: 10, monthly_compressed_tokens: 0 });
  });

  it('GET /me carries the hosted API\'s required user_id and is_admin, and its names for name and balance', async () => {
    const me = await request(t.app).get('/api/profile/me').set(bearer(admin.token));
    expect(me.body.data).toMatchObject({ user_id: admin.accountId, is_admin: true, full_name: null, wallet_balance: 10 });
    const { token } = await signup(t.app);
    await request(t.app).patch('/api/profile/me').set(bearer(token)).send({ display_name: 'Ada' });
    const user = await request(t.app).get('/api/profile/me').set(bearer(token));
    // An unset account type reads as the hosted API's default; account_type_set says it is still unset.
    expect(user.body.data).toMatchObject({ is_admin: false, full_name: 'Ada', display_name: 'Ada', account_type: 'user', account_type_set: false });
  });

  it("PATCH /me takes the hosted API's full_name (display_name wins when both are sent)", async () => {
    const { token } = await signup(t.app);
    const res = await request(t.app).patch('/api/profile/me').set(bearer(token)).send({ full_name: 'Grace Hopper', company_name: 'ACME' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ full_name: 'Grace Hopper', display_name: 'Grace Hopper' });
    const both = await request(t.app).patch('/api/profile/me').set(bearer(token)).send({ full_name: 'A', display_name: 'B' });
    expect(both.body.data.full_name).toBe('B');
  });

  it('GET /role is flat {role, is_admin, account_type}, an unset type reading user', async () => {
    const adminRole = await request(t.app).get('/api/profile/role').set(bearer(admin.token));
    expect(adminRole.status).toBe(200);
    expect(adminRole.body).toEqual({ role: 'admin', is_admin: true, account_type: 'user' });
  });

  it('GET /rate-limits: tier limits with per-model scaling', async () => {
    const res = await request(t.app).get('/api/profile/rate-limits').set(bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ tier: 'tier1', max_api_keys: 2, rate_limits: { rpm: 60, tpm: 250_000, rpd: 5_000 } });
    // The hosted API's flat fields: the tier's base limits.
    expect(res.body.data).toMatchObject({ tier: 'tier1', rpm: 60, tpm: 250_000, rpd: 5_000, max_api_keys: 2 });
    expect(res.body.data.model_limits.latte_v2).toEqual({ rpm: 120, tpm: 500_000, rpd: 5_000 });
    expect(res.body.data.model_limits.espresso_v1).toEqual({ rpm: 60, tpm: 250_000, rpd: 5_000 });
  });

  it('GET /rate-limits follows the month\'s compressed tokens to a higher tier', async () => {
    const { token, accountId } = await signup(t.app);
    await t.db.db
      .insertInto('usage_events')
      .values({ request_id: `seed-${accountId}`, account_id: accountId, api_key_id: null, family: 'question-specific', model: 'latte_v1', operation: 'single', status: 'settled', rows: 1, original_tokens: 3_000_000, compressed_tokens: 1_200_000, reserved_nusd: 0, cost_nusd: 0, created_at: new Date(), settled_at: new Date() })
      .execute();
    const res = await request(t.app).get('/api/profile/rate-limits').set(bearer(token));
    expect(res.body.data).toMatchObject({ tier: 'tier2', max_api_keys: 4, rpm: 120, rate_limits: { rpm: 120 } });
  });

  it('GET /can-delete: the last admin cannot, a user can', async () => {
    const adminCheck = await request(t.app).get('/api/profile/can-delete').set(bearer(admin.token));
    expect(adminCheck.body.data).toEqual({ can_delete: false, reasons: ['the last admin account cannot be deleted'] });
    const { token } = await signup(t.app);
    const userCheck = await request(t.app).get('/api/profile/can-delete').set(bearer(token));
    expect(userCheck.body.data).toEqual({ can_delete: true, reasons: [] });
  });

  it('DELETE /delete: needs confirmation DELETE, 400 cannot_delete for the last admin', async () => {
    const { token } = await signup(t.app);
    const missing = await request(t.app).delete('/api/profile/delete').set(bearer(token)).send({});
    expect(missing.status).toBe(422);
    const wrong = await request(t.app).delete('/api/profile/delete').set(bearer(token)).send({ confirmation: 'delete' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'confirmation_mismatch', field: 'confirmation' });
    const lastAdmin = await request(t.app).delete('/api/profile/delete').set(bearer(admin.token)).send({ confirmation: 'DELETE' });
    expect(lastAdmin.status).toBe(400);
    expect(lastAdmin.body.code).toBe('cannot_delete');
  });

  it('DELETE /delete: revokes every key and session at once and keeps usage history', async () => {
    const { token, accountId, email } = await signup(t.app);
    const k1 = await createKey(t.app, token);
    const k2 = await createKey(t.app, token);
    await t.db.db
      .insertInto('usage_events')
      .values({ request_id: `hist-${accountId}`, account_id: accountId, api_key_id: k1.id, family: 'question-specific', model: 'latte_v1', operation: 'single', status: 'settled', rows: 1, original_tokens: 10, compressed_tokens: 5, reserved_nusd: 1000, cost_nusd: 1000, created_at: new Date(), settled_at: new Date() })
      .execute();
    const res = await request(t.app).delete('/api/profile/delete').set(bearer(token)).send({ confirmation: 'DELETE' });
    expect(res.status).toBe(200);
    for (const k of [k1, k2]) {
      const out = await request(t.app).post('/api/authorize/logout').set('X-API-Key', k.key);
      expect(out.status).toBe(401);
    }
    expect((await request(t.app).get('/api/profile/me').set(bearer(token))).status).toBe(401);
    const usage = await t.db.db.selectFrom('usage_events').selectAll().where('account_id', '=', accountId).execute();
    expect(usage).toHaveLength(1);
    // The email is free for a new account.
    await signup(t.app, { email });
  });
});

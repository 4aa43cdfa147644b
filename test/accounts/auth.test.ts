import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bearer, signup } from '../helpers/accounts.js';
import { startTestApp, TEST_ADMIN_EMAIL, TEST_PASSWORD_HASH_COST, useTestApp } from '../helpers/test-app.js';

let nowMs = Date.now();
const t = useTestApp({ sessionTtlHours: 1 }, { now: () => nowMs });

describe('SIGNUP=closed', () => {
  it('refuses strangers with 403 forbidden and still lets ADMIN_EMAIL in', async () => {
    const closed = await startTestApp({ signup: 'closed' }, { backend: t().backend });
    try {
      const stranger = await request(closed.app).post('/api/auth/signup').send({ email: 'someone@example.com', password: 'long enough pw' });
      expect(stranger.status).toBe(403);
      expect(stranger.body).toMatchObject({ code: 'forbidden', error: 'Signup is closed on this server' });
      const admin = await request(closed.app).post('/api/auth/signup').send({ email: TEST_ADMIN_EMAIL, password: 'long enough pw' });
      expect(admin.status).toBe(201);
      expect(admin.body.data.account.role).toBe('admin');
    } finally {
      await closed.close();
    }
  }, 90_000);
});

describe('signup', () => {
  it('does not make the first stranger admin: only ADMIN_EMAIL (any case) becomes admin; each gets $10 of credit', async () => {
    const first = await request(t().app).post('/api/auth/signup').send({ email: 'First@Example.com', password: 'long enough pw' });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      token_type: 'bearer',
      account: { email: 'first@example.com', role: 'user', account_type: null },
    });
    const admin = await request(t().app).post('/api/auth/signup').send({ email: TEST_ADMIN_EMAIL.toUpperCase(), password: 'long enough pw' });
    expect(admin.body.data.account).toMatchObject({ email: TEST_ADMIN_EMAIL, role: 'admin' });
    expect(first.body.data.token).toMatch(/^crs_[A-Za-z0-9]{40}$/);
    const second = await signup(t().app, { account_type: 'enterprise' });
    const me = await request(t().app).get('/api/profile/me').set(bearer(second.token));
    expect(me.body.data).toMatchObject({ role: 'user', account_type: 'enterprise', balance_usd: 10 });
    const ledger = await t().db.db.selectFrom('ledger_entries').selectAll().where('account_id', '=', second.accountId).execute();
    expect(ledger.map((l) => [l.kind, l.amount_nusd])).toEqual([['grant', 10_000_000_000]]);
  });

  it('stores an scrypt hash, never the password', async () => {
    const { accountId } = await signup(t().app, { password: 'my secret pass' });
    const row = await t().db.db.selectFrom('accounts').select('password_hash').where('id', '=', accountId).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(new RegExp(`^scrypt\\$${TEST_PASSWORD_HASH_COST}\\$8\\$1\\$`));
    expect(row.password_hash).not.toContain('my secret pass');
  });

  it('refuses a taken email (any case) with 409 email_taken', async () => {
    await signup(t().app, { email: 'dup@example.com' });
    const res = await request(t().app).post('/api/auth/signup').send({ email: 'DUP@example.com', password: 'another fine passphrase' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'email_taken', field: 'email' });
  });

  it.each([
    ['a bad email', { email: 'not-an-email', password: 'long enough' }, ['body', 'email']],
    ['a short password', { email: 'ok@example.com', password: 'short' }, ['body', 'password']],
    ['an unknown account_type', { email: 'ok2@example.com', password: 'long enough', account_type: 'vip' }, ['body', 'account_type']],
  ])('rejects %s with 422 {detail}', async (_n, body, loc) => {
    const res = await request(t().app).post('/api/auth/signup').send(body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toContainEqual(expect.objectContaining({ loc }));
  });
});

describe('login and sessions', () => {
  it('logs in with the right password only', async () => {
    const { email } = await signup(t().app, { password: 'right password' });
    const ok = await request(t().app).post('/api/auth/login').send({ email, password: 'right password' });
    expect(ok.status).toBe(200);
    expect((await request(t().app).get('/api/profile/me').set(bearer(ok.body.data.token))).status).toBe(200);
    const wrong = await request(t().app).post('/api/auth/login').send({ email, password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('invalid_credentials');
    const unknown = await request(t().app).post('/api/auth/login').send({ email: 'nobody@example.com', password: 'whatever' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('invalid_credentials');
  });

  it('stores the session token hashed', async () => {
    const { token, accountId } = await signup(t().app);
    const rows = await t().db.db.selectFrom('sessions').selectAll().where('account_id', '=', accountId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it.each([
    ['no Authorization header', {}],
    ['a malformed token', { Authorization: 'Bearer nope' }],
    ['an unknown token', { Authorization: `Bearer crs_${'x'.repeat(40)}` }],
    ['a non-bearer scheme', { Authorization: 'Basic abc' }],
  ])('answers %s with 401 authentication_error', async (_n, headers) => {
    const res = await request(t().app).get('/api/profile/me').set(headers);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('authentication_error');
  });

  it('revokes the session on logout-session, effective on the next request', async () => {
    const { token } = await signup(t().app);
    const out = await request(t().app).post('/api/auth/logout-session').set(bearer(token));
    expect(out.status).toBe(200);
    expect((await request(t().app).get('/api/profile/me').set(bearer(token))).status).toBe(401);
  });

  it('expires sessions after SESSION_TTL_HOURS', async () => {
    const { token } = await signup(t().app);
    nowMs += 59 * 60_000;
    expect((await request(t().app).get('/api/profile/me').set(bearer(token))).status).toBe(200);
    nowMs += 2 * 60_000;
    expect((await request(t().app).get('/api/profile/me').set(bearer(token))).status).toBe(401);
  });
});

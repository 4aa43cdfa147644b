import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { checkPassword } from '../../server/accounts/password-policy.js';
import { signup } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();

describe('password policy (zxcvbn)', () => {
  it.each(['password', '12345678', '        ', 'qwertyuiop', 'P@ssw0rd123', 'iloveyou2024', 'aaaaaaaaaaaa', 'monkey123456'])(
    'refuses the common or patterned %j with a reason',
    async (password) => {
      const verdict = await checkPassword(password);
      expect(verdict.ok).toBe(false);
      if (!verdict.ok) expect(verdict.reason.length).toBeGreaterThan(10);
    },
  );

  it('names a heavily used password as such', async () => {
    expect(await checkPassword('password')).toEqual({ ok: false, reason: expect.stringMatching(/^This is a heavily used password\./) });
  });

  it.each(['correct horse battery', 'long enough password', 'Tr0ub4dor&3', 'zq8#Kp!2vX'])('accepts %j', async (password) => {
    expect(await checkPassword(password)).toEqual({ ok: true });
  });

  it("counts the email's own parts as guessable", async () => {
    expect((await checkPassword('adalovelace1815', [])).ok).toBe(true);
    expect((await checkPassword('adalovelace1815', ['adalovelace@example.com'])).ok).toBe(false);
  });

  // What keeps a 1,024-character password cheap is that only its first 128 characters are scored;
  // that is checked here rather than a wall-clock bound, which a busy machine breaks.
  it('scores a 1,024-character password on its first 128 characters only', async () => {
    expect(await checkPassword('a1B!'.repeat(256))).toMatchObject({ ok: expect.any(Boolean) });
    const strongTail = 'Zq8#vL2!mT9$wR4&'.repeat(56);
    expect(await checkPassword('a'.repeat(128) + strongTail)).toEqual(await checkPassword('a'.repeat(128)));
    expect(await checkPassword('a'.repeat(100) + strongTail)).toEqual({ ok: true });
  });
});

describe('POST /api/auth/signup with a weak password', () => {
  it.each(['password', '12345678', '        '])('%j is 422 validation_error on the password field with the reason', async (password) => {
    const res = await request(t().app).post('/api/auth/signup').send({ email: `weak${password.trim().length}@example.com`, password });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, code: 'validation_error', field: 'password', error: 'Password is too easy to guess' });
    expect(res.body.detail).toMatch(/password|repeated/i);
  });

  it('creates no account for a refused password, and the same email signs up with a good one', async () => {
    const refused = await request(t().app).post('/api/auth/signup').send({ email: 'retry@example.com', password: 'password1' });
    expect(refused.status).toBe(422);
    await signup(t().app, { email: 'retry@example.com', password: 'three uncommon words' });
  });
});

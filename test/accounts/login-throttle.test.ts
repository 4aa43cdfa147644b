import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from '../../server/accounts/login-throttle.js';
import { ApiError } from '../../server/http/api-error.js';
import { createQuotaStore } from '../../server/rate-limit/quota.js';
import { signup } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';

const PASSWORD = 'correct horse battery';
const small = { pairFailures: 3, pairBlockS: 60, pairMaxBlockS: 200, addressFailuresPerDay: 10, accountFailuresPerHour: 5, knownAddressDays: 20 };

/** The ApiError admit() throws, or undefined when the try is allowed. */
async function refusal(throttle: ReturnType<typeof createLoginThrottle>, email: string, ip: string): Promise<ApiError | undefined> {
  try {
    await throttle.admit(email, ip);
    return undefined;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
}

describe('login throttle', () => {
  it('stops one address after pairFailures misses on one email, for pairBlockS, while others go on', async () => {
    const throttle = createLoginThrottle(createQuotaStore(), small);
    for (let i = 0; i < small.pairFailures; i++) {
      expect(await refusal(throttle, 'ada@x.test', '10.0.0.1')).toBeUndefined();
      await throttle.failed('ada@x.test', '10.0.0.1');
    }
    const refused = await refusal(throttle, 'ada@x.test', '10.0.0.1');
    expect(refused).toMatchObject({ code: 'rate_limit_exceeded', status: 429 });
    expect(refused!.retryAfter).toBeGreaterThan(small.pairBlockS - 5);
    expect(refused!.retryAfter).toBeLessThanOrEqual(small.pairBlockS);
    // The owner elsewhere, and the same address on another email, are not affected.
    expect(await refusal(throttle, 'ada@x.test', '10.0.0.2')).toBeUndefined();
    expect(await refusal(throttle, 'bob@x.test', '10.0.0.1')).toBeUndefined();
  });

  it('each further wait of the same pair doubles, up to pairMaxBlockS', async () => {
    const store = createQuotaStore();
    const throttle = createLoginThrottle(store, small);
    const pairQuota = store.quota('login-pair', small.pairFailures, 86_400);
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < small.pairFailures; i++) await throttle.failed('ada@x.test', '10.0.0.1');
      waits.push((await refusal(throttle, 'ada@x.test', '10.0.0.1'))!.retryAfter!);
      // The wait served: what the block's end would do, without waiting for it.
      await pairQuota.reset(JSON.stringify(['ada@x.test', '10.0.0.1']));
    }
    expect(waits).toEqual([60, 120, 200, 200]);
    // A success starts over at the first wait.
    await throttle.succeeded('ada@x.test', '10.0.0.1');
    for (let i = 0; i < small.pairFailures; i++) await throttle.failed('ada@x.test', '10.0.0.1');
    expect((await refusal(throttle, 'ada@x.test', '10.0.0.1'))!.retryAfter).toBe(60);
  });

  it('a success clears the pair count', async () => {
    const throttle = createLoginThrottle(createQuotaStore(), small);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < small.pairFailures - 1; i++) await throttle.failed('ada@x.test', '10.0.0.1');
      expect(await refusal(throttle, 'ada@x.test', '10.0.0.1')).toBeUndefined();
      await throttle.succeeded('ada@x.test', '10.0.0.1');
    }
  });

  it('caps one address over all emails per day', async () => {
    const throttle = createLoginThrottle(createQuotaStore(), small);
    for (let i = 0; i < small.addressFailuresPerDay; i++) await throttle.failed(`u${i}@x.test`, '10.0.0.9');
    expect(await refusal(throttle, 'fresh@x.test', '10.0.0.9')).toMatchObject({ code: 'rate_limit_exceeded' });
    expect(await refusal(throttle, 'fresh@x.test', '10.0.0.10')).toBeUndefined();
  });

  it('past the per-email cap, strangers wait but an address that signed in before may still try', async () => {
    const throttle = createLoginThrottle(createQuotaStore(), small);
    await throttle.succeeded('ada@x.test', '192.0.2.7');
    for (let i = 0; i < small.accountFailuresPerHour; i++) await throttle.failed('ada@x.test', `198.51.100.${i}`);
    expect(await refusal(throttle, 'ada@x.test', '203.0.113.1')).toMatchObject({ code: 'rate_limit_exceeded' });
    expect(await refusal(throttle, 'ada@x.test', '192.0.2.7')).toBeUndefined();
    // Still known later: the window outlives the timers' next turn.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await refusal(throttle, 'ada@x.test', '192.0.2.7')).toBeUndefined();
  });
});

describe('POST /api/auth/login throttling', () => {
  // Client addresses from X-Forwarded-For, as behind a proxy; the per-IP request limit out of the way.
  const t = useTestApp({ trustProxy: true, authRpmPerIp: 10_000 });
  const login = (email: string, password: string, ip: string) => request(t().app).post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password });

  it('after 5 wrong passwords from one address, the 6th try is 429 even with the right password; the owner elsewhere logs in', async () => {
    const { email } = await signup(t().app, { password: PASSWORD });
    expect((await login(email, PASSWORD, '192.0.2.1')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(email, `wrong guess number ${i}`, '203.0.113.5')).status).toBe(401);
    const blocked = await login(email, PASSWORD, '203.0.113.5');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ success: false, code: 'rate_limit_exceeded', error: 'Too many failed logins' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect((await login(email, PASSWORD, '192.0.2.1')).status).toBe(200);
  });

  it('an unknown email is throttled like a known one', async () => {
    for (let i = 0; i < 5; i++) expect((await login('nobody@example.com', `guess ${i} of many`, '203.0.113.6')).status).toBe(401);
    expect((await login('nobody@example.com', 'guess 6 of many', '203.0.113.6')).status).toBe(429);
  });

  it('50 failures from many addresses cannot lock the owner out of their usual address', async () => {
    const { email } = await signup(t().app, { password: PASSWORD });
    expect((await login(email, PASSWORD, '192.0.2.50')).status).toBe(200);
    for (let i = 0; i < 50; i++) expect((await login(email, `guess ${i} from afar`, `198.51.100.${i}`)).status).toBe(401);
    expect((await login(email, PASSWORD, '203.0.113.77')).status).toBe(429);
    expect((await login(email, PASSWORD, '192.0.2.50')).status).toBe(200);
  }, 60_000);
});

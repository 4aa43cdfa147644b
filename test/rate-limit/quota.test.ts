import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createQuotaStore } from '../../server/rate-limit/quota.js';
import { waitForRedis } from '../../server/rate-limit/redis-client.js';

const redisUrl = process.env['REDIS_URL'];
const clients: Redis[] = [];
afterAll(() => {
  for (const c of clients) c.disconnect();
});

describe('memory quota', () => {
  it('allows `limit` points per window, then reports a retry delay within the window', async () => {
    const quota = createQuotaStore().quota('test', 3, 60);
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await quota.consume('k'));
    expect(decisions.slice(0, 3).every((d) => d.allowed)).toBe(true);
    const last = decisions[3]!;
    expect(last.allowed).toBe(false);
    if (!last.allowed) expect(last.retryAfterS).toBeGreaterThan(0);
    expect((await quota.consume('other')).allowed).toBe(true);
  });

  it('gives refunded points back (a sibling quota rejected the request)', async () => {
    const quota = createQuotaStore().quota('refund', 2, 60);
    expect((await quota.consume('k')).allowed).toBe(true);
    expect((await quota.consume('k')).allowed).toBe(true);
    await quota.refund('k', 1);
    expect((await quota.consume('k')).allowed).toBe(true);
    expect((await quota.consume('k')).allowed).toBe(false);
  });

  it('counts weighted points (token quotas)', async () => {
    const quota = createQuotaStore().quota('tpm', 1000, 60);
    expect((await quota.consume('k', 900)).allowed).toBe(true);
    expect((await quota.consume('k', 200)).allowed).toBe(false);
  });
});

/** Block, peek and reset behave alike in memory and in Redis (the login throttle relies on them). */
async function checkBlockPeekReset(store: ReturnType<typeof createQuotaStore>): Promise<void> {
  const quota = store.quota('block', 2, 3_600);
  expect(await quota.peek('k')).toEqual({ consumed: 0, resetS: 0 });
  await quota.consume('k');
  await quota.consume('k');
  const spent = await quota.peek('k');
  expect(spent.consumed).toBe(2);
  expect(spent.resetS).toBeGreaterThan(3_590);
  // A block rejects for its own time, not for the rest of the hour.
  await quota.block('k', 30);
  const blocked = await quota.peek('k');
  expect(blocked.consumed).toBe(3);
  expect(blocked.resetS).toBeGreaterThan(25);
  expect(blocked.resetS).toBeLessThanOrEqual(30);
  expect((await quota.consume('k')).allowed).toBe(false);
  await quota.reset('k');
  expect(await quota.peek('k')).toEqual({ consumed: 0, resetS: 0 });
  expect((await quota.consume('k')).allowed).toBe(true);
}

describe('block windows, peek and reset', () => {
  it('in memory', () => checkBlockPeekReset(createQuotaStore()));
  it.skipIf(!redisUrl)('in Redis (REDIS_URL)', async () => {
    const client = new Redis(redisUrl!);
    clients.push(client);
    expect(await waitForRedis(client)).toBe(true);
    await checkBlockPeekReset(createQuotaStore({ redis: client, keyPrefix: `crema-test-${randomBytes(4).toString('hex')}` }));
  });
});

describe.skipIf(!redisUrl)('redis quota (REDIS_URL)', () => {
  it('is one limit across two stores sharing Redis, as two replicas would be', async () => {
    const prefix = `crema-test-${randomBytes(4).toString('hex')}`;
    const a = new Redis(redisUrl!);
    const b = new Redis(redisUrl!);
    clients.push(a, b);
    // before 'ready' each store would count in its own insurance limiter (as while Redis is down)
    expect(await waitForRedis(a)).toBe(true);
    expect(await waitForRedis(b)).toBe(true);
    const qa = createQuotaStore({ redis: a, keyPrefix: prefix }).quota('rpm', 5, 60);
    const qb = createQuotaStore({ redis: b, keyPrefix: prefix }).quota('rpm', 5, 60);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? qa : qb).consume('acct')));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });
});

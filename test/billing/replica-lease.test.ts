import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingService } from '../../server/billing/billing.service.js';
import { startHoldsSweeper } from '../../server/billing/holds-sweeper.js';
import { startReplicaLease, type ReplicaLease } from '../../server/billing/replica-lease.js';
import { loadConfig } from '../../server/config.js';
import type { DbHandle } from '../../server/db/create-db.js';
import { createTestDb } from '../helpers/test-app.js';

/**
 * Leases in one database (PGlite, or a private schema on DATABASE_URL): which holds a sweep may
 * release, and which a start takes over. The real processes and kill -9 are in
 * test/lifecycle/kill-9-holds.test.ts.
 */
const silent = pino({ level: 'silent' });
let handle: { db: DbHandle; close(): Promise<void> };
const leases: ReplicaLease[] = [];
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  for (const l of leases) await l.end().catch(() => undefined);
  await handle.close();
});

const db = () => handle.db.db;
const lease = async (name: string | null, options: { soleProcess?: boolean; renewMs?: number } = {}) => {
  const l = startReplicaLease({ db: db(), name, ttlMs: 60_000, renewMs: options.renewMs ?? 10_000, soleProcess: options.soleProcess ?? false, logger: silent });
  await l.acquire();
  leases.push(l);
  return l;
};
let accounts = 0;
async function holdBy(replicaId: string): Promise<string> {
  const account = await db()
    .insertInto('accounts')
    .values({ email: `lease${++accounts}-${replicaId.slice(0, 8)}@example.com`, password_hash: 'x', role: 'user', balance_nusd: 1_000_000_000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const billing = createBillingService({ db: db(), clock: () => new Date(), replicaId });
  const hold = await billing.authorize({
    accountId: account.id,
    apiKeyId: null,
    requestId: `lease-${replicaId}-${accounts}`,
    family: 'question-specific',
    model: 'latte_v1',
    operation: 'batch',
    worstCaseTokens: 10_000,
  });
  return hold.usageEventId;
}
const status = async (id: string) => (await db().selectFrom('usage_events').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
/** What a process killed with -9 leaves: a lease nobody renews, here expired a moment ago. */
const expire = (l: ReplicaLease) => sql`update replica_leases set expires_at = now() - interval '1 second' where replica_id = ${l.id}`.execute(db());
const sweeperOf = (l: ReplicaLease) =>
  startHoldsSweeper({ billing: createBillingService({ db: db(), clock: () => new Date(), replicaId: l.id }), olderThanMs: 3_600_000, intervalMs: 3_600_000, lease: l, logger: silent });

describe('replica leases', () => {
  it('a sweep leaves the holds of a live lease alone and releases those of an expired one', async () => {
    const [a, b] = [await lease('a'), await lease('b')];
    const hold = await holdBy(a.id);
    const sweeper = sweeperOf(b);
    try {
      expect(await sweeper.sweepOnce({ trustLeases: true })).toBe(0);
      expect(await status(hold)).toBe('pending');
      await expire(a);
      expect(await sweeper.sweepOnce({ trustLeases: true })).toBe(1);
      expect(await status(hold)).toBe('released');
    } finally {
      sweeper.stop();
    }
  });

  it('a sweep does not go by leases until its own lease has been renewed for a whole period (the database may just be back)', async () => {
    const [dead, fresh] = [await lease('dead'), await lease('fresh', { renewMs: 300 })];
    const hold = await holdBy(dead.id);
    await expire(dead);
    const sweeper = sweeperOf(fresh);
    try {
      expect(fresh.trusted()).toBe(false);
      expect(await sweeper.sweepOnce()).toBe(0);
      expect(await status(hold)).toBe('pending');
      await expect.poll(() => fresh.trusted(), { timeout: 5_000, interval: 50 }).toBe(true);
      expect(await sweeper.sweepOnce()).toBe(1);
      expect(await status(hold)).toBe('released');
    } finally {
      sweeper.stop();
    }
  });

  it('a start under the same name ends the earlier incarnation at once, and never another name', async () => {
    const [old, other] = [await lease('host-1:8080'), await lease('host-2:8080')];
    const [oldHold, otherHold] = [await holdBy(old.id), await holdBy(other.id)];
    const restarted = await lease('host-1:8080');
    expect(await restarted.takeOver()).toBe(1);
    const sweeper = sweeperOf(restarted);
    try {
      expect(await sweeper.sweepOnce({ trustLeases: true })).toBe(1);
      expect(await status(oldHold)).toBe('released');
      expect(await status(otherHold)).toBe('pending');
      // No name (PORT=0, no REPLICA_NAME): nothing to recognize.
      expect(await (await lease(null)).takeOver()).toBe(0);
    } finally {
      sweeper.stop();
    }
  });

  it('on a database only one process can open (PGlite), a start ends every other lease', async () => {
    const earlier = await lease('somewhere-else');
    const hold = await holdBy(earlier.id);
    const sole = await lease(null, { soleProcess: true });
    expect(await sole.takeOver()).toBeGreaterThanOrEqual(1);
    const sweeper = sweeperOf(sole);
    try {
      await sweeper.sweepOnce({ trustLeases: true });
      expect(await status(hold)).toBe('released');
    } finally {
      sweeper.stop();
    }
  });

  it('a clean stop removes the lease, so what its holds left pending is any replica\'s to release', async () => {
    const [stopping, survivor] = [await lease('stopping'), await lease('survivor')];
    const hold = await holdBy(stopping.id);
    await stopping.end();
    const sweeper = sweeperOf(survivor);
    try {
      expect(await sweeper.sweepOnce({ trustLeases: true })).toBe(1);
      expect(await status(hold)).toBe('released');
    } finally {
      sweeper.stop();
    }
  });

  it('reads REPLICA_NAME, LEASE_TTL_MS and LEASE_RENEW_MS (default host:PORT, none with PORT=0)', () => {
    expect(loadConfig({}).replicaName).toMatch(/:8080$/);
    expect(loadConfig({ PORT: '0' }).replicaName).toBeNull();
    expect(loadConfig({ REPLICA_NAME: 'crema-2' }).replicaName).toBe('crema-2');
    expect(loadConfig({}).leaseTtlMs).toBe(20_000);
    expect(() => loadConfig({ LEASE_TTL_MS: '4000', LEASE_RENEW_MS: '3000' })).toThrow(/LEASE_RENEW_MS must be at most half of LEASE_TTL_MS/);
  });
});

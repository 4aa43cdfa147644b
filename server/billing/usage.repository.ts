import { sql } from 'kysely';
import type { UsageEventRow } from '../db/database.js';
import type { Executor } from '../db/executor.js';
import { monthStart } from '../catalog/tiers.js';

/** `usage_months.month` of `now`: its month's first day, 'YYYY-MM-DD' (a date, so no time zone in the comparison). */
function monthKey(now: Date): string {
  return monthStart(now).toISOString().slice(0, 10);
}

/** Compressed tokens of the account's settled usage this month (drives the tier): one row per key, not per request. */
export async function monthlyCompressedTokens(db: Executor, accountId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('usage_months')
    .select(sql<number>`coalesce(sum(compressed_tokens), 0)`.as('n'))
    .where('account_id', '=', accountId)
    .where('month', '=', sql<Date>`${monthKey(now)}::date`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a key has spent this month, counting pending holds at their reserved amount: its settled total plus its holds in flight. */
export async function keySpendThisMonth(db: Executor, apiKeyId: string, now: Date): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('usage_months')
        .select(sql<number>`coalesce(sum(cost_nusd), 0)`.as('settled'))
        .where('api_key_id', '=', apiKeyId)
        .where('month', '=', sql<Date>`${monthKey(now)}::date`)
        .as('settled'),
      eb
        .selectFrom('usage_events')
        .select(sql<number>`coalesce(sum(reserved_nusd), 0)`.as('pending'))
        .where('api_key_id', '=', apiKeyId)
        .where('status', '=', 'pending')
        .where('created_at', '>=', monthStart(now))
        .as('pending'),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.settled) + Number(row.pending);
}

export async function countPendingForAccount(db: Executor, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('usage_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Pending holds whose request can no longer finish: older than `before` (past any request's
 * budget), or, with `leaseExpired`, taken by a replica whose lease has expired or is gone (the
 * database's clock decides, so replicas' clocks need not agree). `exceptReplica`'s own holds
 * never count by lease: its lease is live while it runs.
 */
export async function findStalePending(
  db: Executor,
  before: Date,
  byLease?: { exceptReplica: string },
): Promise<UsageEventRow[]> {
  return db
    .selectFrom('usage_events as ue')
    .selectAll('ue')
    .where('ue.status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb('ue.created_at', '<', before),
        ...(byLease
          ? [
              eb.and([
                eb('ue.replica_id', 'is not', null),
                eb('ue.replica_id', '<>', byLease.exceptReplica),
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom('replica_leases as l')
                      .select('l.replica_id')
                      .whereRef('l.replica_id', '=', 'ue.replica_id')
                      .where('l.expires_at', '>', sql<Date>`now()`),
                  ),
                ),
              ]),
            ]
          : []),
      ]),
    )
    .execute();
}

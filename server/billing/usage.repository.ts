import { sql } from 'kysely';
import type { NewUsageEvent, UsageEventRow } from '../db/database.js';
import type { Executor } from '../db/executor.js';

/** First instant of the UTC calendar month containing `now`. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export async function insertUsageEvent(
  db: Executor,
  event: NewUsageEvent,
): Promise<UsageEventRow> {
  return db.insertInto('usage_events').values(event).returningAll().executeTakeFirstOrThrow();
}

/** Compressed tokens of the account's settled usage since the start of this month (drives the tier). */
export async function monthlyCompressedTokens(db: Executor, accountId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('usage_events')
    .select(sql<number>`coalesce(sum(compressed_tokens), 0)`.as('n'))
    .where('account_id', '=', accountId)
    .where('status', '=', 'settled')
    .where('created_at', '>=', monthStart(now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What a key has spent this month, counting pending holds at their reserved amount. */
export async function keySpendThisMonth(db: Executor, apiKeyId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('usage_events')
    .select(
      sql<number>`coalesce(sum(case when status = 'pending' then reserved_nusd when status = 'settled' then cost_nusd else 0 end), 0)`.as(
        'n',
      ),
    )
    .where('api_key_id', '=', apiKeyId)
    .where('created_at', '>=', monthStart(now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
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

/** Pending holds older than `before`: requests whose process died between hold and settle. */
export async function findStalePending(db: Executor, before: Date): Promise<UsageEventRow[]> {
  return db.selectFrom('usage_events').selectAll().where('status', '=', 'pending').where('created_at', '<', before).execute();
}

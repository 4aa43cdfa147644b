import { sql } from 'kysely';
import { monthStart } from '../catalog/tiers.js';
import type { Executor } from '../db/executor.js';

/** Midnight UTC of the day containing `now`. */
function dayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export interface AccountActivity {
  /** Settled cost of the account's requests this UTC month, nano-USD. */
  spentThisMonthNusd: number;
  requestsThisMonth: number;
  requestsToday: number;
}

/** The account's settled requests and spend this month and today, in one round trip. */
export async function accountActivity(db: Executor, accountId: string, now: Date): Promise<AccountActivity> {
  const today = dayStart(now);
  const row = await db
    .selectFrom('usage_events')
    .select([
      sql<string>`coalesce(sum(cost_nusd), 0)`.as('spent'),
      sql<string>`count(*)`.as('month_requests'),
      sql<string>`count(*) filter (where created_at >= ${today})`.as('day_requests'),
    ])
    .where('account_id', '=', accountId)
    .where('status', '=', 'settled')
    .where('created_at', '>=', monthStart(now))
    .executeTakeFirstOrThrow();
  return { spentThisMonthNusd: Number(row.spent), requestsThisMonth: Number(row.month_requests), requestsToday: Number(row.day_requests) };
}

import { sql } from 'kysely';
import type { Executor } from '../db/executor.js';

/** Settled requests and this month's cost of one API key. */
export interface KeyUsageCounts {
  requestsAllTime: number;
  requestsThisMonth: number;
  costThisMonthNusd: number;
}

/** Per key of an account (keys without settled usage are absent): settled requests all time and since `monthStart`, and this month's cost. */
export async function keyUsageCounts(db: Executor, accountId: string, monthStart: Date): Promise<Map<string, KeyUsageCounts>> {
  const rows = await db
    .selectFrom('usage_events')
    .select([
      'api_key_id',
      sql<string>`count(*)`.as('all_time'),
      sql<string>`count(*) filter (where created_at >= ${monthStart})`.as('this_month'),
      sql<string>`coalesce(sum(cost_nusd) filter (where created_at >= ${monthStart}), 0)`.as('cost_month'),
    ])
    .where('account_id', '=', accountId)
    .where('status', '=', 'settled')
    .where('api_key_id', 'is not', null)
    .groupBy('api_key_id')
    .execute();
  return new Map(
    rows.map((r) => [r.api_key_id!, { requestsAllTime: Number(r.all_time), requestsThisMonth: Number(r.this_month), costThisMonthNusd: Number(r.cost_month) }]),
  );
}

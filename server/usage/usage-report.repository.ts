import { sql } from 'kysely';
import type { Executor } from '../db/executor.js';

export type UsageGroupBy = 'day' | 'model' | 'key' | 'source';

/** Sums of one group of settled usage rows; money in nano-USD. */
export interface UsageSums {
  group: string;
  keyName: string | null;
  keyPrefix: string | null;
  requests: number;
  originalTokens: number;
  compressedTokens: number;
  costNusd: number;
}

// The day is taken in UTC explicitly: PGlite and a real server may run with different TimeZone settings.
const GROUP_EXPRESSION = {
  day: sql<string>`to_char(usage_events.created_at at time zone 'UTC', 'YYYY-MM-DD')`,
  model: sql<string>`usage_events.model`,
  key: sql<string>`coalesce(cast(usage_events.api_key_id as text), 'none')`,
  // Requests without a source share the group 'none' with any that sent the word itself: the same meaning.
  source: sql<string>`coalesce(usage_events.source, 'none')`,
} as const;

/** Settled usage of an account created in [from, until), summed per day, model or key. */
export async function sumUsage(db: Executor, accountId: string, from: Date, until: Date, groupBy: UsageGroupBy): Promise<UsageSums[]> {
  const group = GROUP_EXPRESSION[groupBy];
  const rows = await db
    .selectFrom('usage_events')
    .leftJoin('api_keys', 'api_keys.id', 'usage_events.api_key_id')
    .select([
      group.as('group'),
      sql<string | null>`max(api_keys.name)`.as('key_name'),
      sql<string | null>`max(api_keys.prefix)`.as('key_prefix'),
      sql<number>`count(*)`.as('requests'),
      sql<string>`coalesce(sum(usage_events.original_tokens), 0)`.as('original_tokens'),
      sql<string>`coalesce(sum(usage_events.compressed_tokens), 0)`.as('compressed_tokens'),
      sql<string>`coalesce(sum(usage_events.cost_nusd), 0)`.as('cost_nusd'),
    ])
    .where('usage_events.account_id', '=', accountId)
    .where('usage_events.status', '=', 'settled')
    .where('usage_events.created_at', '>=', from)
    .where('usage_events.created_at', '<', until)
    .groupBy(group)
    .execute();
  return rows.map((r) => ({
    group: r.group,
    keyName: r.key_name,
    keyPrefix: r.key_prefix,
    requests: Number(r.requests),
    originalTokens: Number(r.original_tokens),
    compressedTokens: Number(r.compressed_tokens),
    costNusd: Number(r.cost_nusd),
  }));
}

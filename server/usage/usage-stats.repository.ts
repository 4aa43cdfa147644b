import { sql } from 'kysely';
import type { Executor } from '../db/executor.js';

type StatsBucket = 'hour' | 'day';

/** Settled usage of one bucket (and key, and source); money in nano-USD. */
export interface StatsSums {
  /** Start of the UTC hour or day, as `toISOString()` writes it. */
  bucket: string;
  apiKeyId: string | null;
  source: string | null;
  requests: number;
  originalTokens: number;
  compressedTokens: number;
  costNusd: number;
}

export interface StatsFilter {
  accountId: string;
  from: Date;
  until: Date;
  bucket: StatsBucket;
  /** Compared as text: an id that is not a UUID matches nothing instead of failing the cast. */
  apiKeyId?: string | undefined;
  model?: string | undefined;
}

// In UTC explicitly (PGlite and a server may run with other TimeZone settings), in toISOString's format.
const BUCKET = {
  hour: sql<string>`to_char(usage_events.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:00:00.000"Z"')`,
  day: sql<string>`to_char(usage_events.created_at at time zone 'UTC', 'YYYY-MM-DD"T00:00:00.000Z"')`,
} as const;

/** Settled usage of an account created in [from, until), summed per bucket, key and source. */
export async function sumUsageStats(db: Executor, f: StatsFilter): Promise<StatsSums[]> {
  const bucket = BUCKET[f.bucket];
  let query = db
    .selectFrom('usage_events')
    .select([
      bucket.as('bucket'),
      sql<string | null>`cast(usage_events.api_key_id as text)`.as('api_key_id'),
      'usage_events.source',
      sql<string>`count(*)`.as('requests'),
      sql<string>`coalesce(sum(usage_events.original_tokens), 0)`.as('original_tokens'),
      sql<string>`coalesce(sum(usage_events.compressed_tokens), 0)`.as('compressed_tokens'),
      sql<string>`coalesce(sum(usage_events.cost_nusd), 0)`.as('cost_nusd'),
    ])
    .where('usage_events.account_id', '=', f.accountId)
    .where('usage_events.status', '=', 'settled')
    .where('usage_events.created_at', '>=', f.from)
    .where('usage_events.created_at', '<', f.until)
    .groupBy([bucket, 'usage_events.api_key_id', 'usage_events.source']);
  if (f.apiKeyId !== undefined) query = query.where(sql<string>`cast(usage_events.api_key_id as text)`, '=', f.apiKeyId);
  if (f.model !== undefined) query = query.where('usage_events.model', '=', f.model);
  const rows = await query.execute();
  return rows.map((r) => ({
    bucket: r.bucket,
    apiKeyId: r.api_key_id,
    source: r.source,
    requests: Number(r.requests),
    originalTokens: Number(r.original_tokens),
    compressedTokens: Number(r.compressed_tokens),
    costNusd: Number(r.cost_nusd),
  }));
}

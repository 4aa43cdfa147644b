import type { Kysely } from 'kysely';
import type { components, operations } from '../../generated/schema.js';
import type { Principal } from '../accounts/auth.service.js';
import { nanoToUsd } from '../catalog/prices.js';
import type { Database } from '../db/database.js';
import { bucketStarts, statsPeriodRange } from './stats-period.js';
import { sumUsageStats, type StatsSums } from './usage-stats.repository.js';

type S = components['schemas'];
export type UsageStatsQuery = NonNullable<operations['usageStats']['parameters']['query']>;

type Sums = Pick<StatsSums, 'requests' | 'originalTokens' | 'compressedTokens' | 'costNusd'>;
const ZERO: Sums = { requests: 0, originalTokens: 0, compressedTokens: 0, costNusd: 0 };
const add = (a: Sums, b: Sums): Sums => ({
  requests: a.requests + b.requests,
  originalTokens: a.originalTokens + b.originalTokens,
  compressedTokens: a.compressedTokens + b.compressedTokens,
  costNusd: a.costNusd + b.costNusd,
});

/** Sums rows by a key, in first-seen order. */
function sumBy<K>(rows: StatsSums[], keyOf: (r: StatsSums) => K): Map<K, Sums> {
  const out = new Map<K, Sums>();
  for (const r of rows) out.set(keyOf(r), add(out.get(keyOf(r)) ?? ZERO, r));
  return out;
}

/** One point per bucket of the period, zeros where nothing was settled. */
function series(starts: string[], rows: StatsSums[]): S['TimeSeriesDataPoint'][] {
  const byBucket = sumBy(rows, (r) => r.bucket);
  return starts.map((timestamp) => {
    const s = byBucket.get(timestamp) ?? ZERO;
    return {
      timestamp,
      requests: s.requests,
      input_tokens: s.originalTokens,
      compressed_input_tokens: s.compressedTokens,
      // What the compression returned: the tokens sent on to the model.
      output_tokens: s.compressedTokens,
      cost_usd: nanoToUsd(s.costNusd),
      savings_usd: 0,
    };
  });
}

/** The hosted API's usage statistics (`GET /api/usage/stats`), with crema's breakdown by source. */
export function createUsageStatsService({ db, clock }: { db: Kysely<Database>; clock: () => Date }) {
  return {
    async stats(principal: Principal, query: UsageStatsQuery): Promise<S['UsageStatsResult']> {
      const period = query.period ?? 'last_day';
      const groupBy = query.group_by ?? 'day';
      const { from, until } = statsPeriodRange(period, clock(), query.start_date, query.end_date);
      const rows = await sumUsageStats(db, {
        accountId: principal.account.id,
        from,
        until,
        bucket: groupBy,
        apiKeyId: query.api_key_id,
        model: query.model,
      });
      const starts = bucketStarts(from, until, groupBy);
      const total = rows.reduce<Sums>(add, ZERO);
      // Express hands query values over as strings; the validator has checked it is a boolean.
      const perKey = String(query.include_per_key) === 'true' && query.api_key_id === undefined;
      const keys = [...new Set(rows.map((r) => r.apiKeyId ?? 'none'))];
      return {
        period,
        period_start: from.toISOString(),
        period_end: until.toISOString(),
        group_by: groupBy,
        time_series: series(starts, rows),
        total_requests: total.requests,
        total_input_tokens: total.originalTokens,
        total_compressed_input_tokens: total.compressedTokens,
        total_output_tokens: total.compressedTokens,
        total_cost_usd: nanoToUsd(total.costNusd),
        total_savings_usd: 0,
        total_spent_usd: nanoToUsd(total.costNusd),
        api_key_id: query.api_key_id ?? null,
        model: query.model ?? null,
        per_key_time_series: perKey ? Object.fromEntries(keys.map((k) => [k, series(starts, rows.filter((r) => (r.apiKeyId ?? 'none') === k))])) : null,
        by_source: [...sumBy(rows, (r) => r.source)]
          .sort(([a, x], [b, y]) => y.costNusd - x.costNusd || y.requests - x.requests || String(a).localeCompare(String(b)))
          .map(([source, s]) => ({
            source,
            requests: s.requests,
            input_tokens: s.originalTokens,
            compressed_input_tokens: s.compressedTokens,
            cost_usd: nanoToUsd(s.costNusd),
          })),
      };
    },
  };
}

export type UsageStatsService = ReturnType<typeof createUsageStatsService>;

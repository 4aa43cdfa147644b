import type { Kysely } from 'kysely';
import type { components } from '../../generated/schema.js';
import type { Principal } from '../accounts/auth.service.js';
import { nanoToUsd } from '../catalog/prices.js';
import { monthStart } from '../catalog/tiers.js';
import type { Database } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { listLedgerEntries } from './ledger-page.repository.js';
import { sumUsage, type UsageGroupBy, type UsageSums } from './usage-report.repository.js';

type S = components['schemas'];
export interface UsageQuery {
  from?: string | undefined;
  to?: string | undefined;
  group_by?: UsageGroupBy | undefined;
}

const DAY_MS = 86_400_000;
/** A year and a leap day: enough for a yearly view, small enough to keep the day list short. */
const MAX_RANGE_DAYS = 366;

/** `YYYY-MM-DD` of a UTC instant. */
const isoDay = (d: Date): string => d.toISOString().slice(0, 10);
/** Midnight UTC of a `YYYY-MM-DD` day; the validator checks the shape only, so 2026-02-30 is refused here. */
function dayStart(day: string, field: 'from' | 'to'): Date {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || isoDay(date) !== day) throw new ApiError('validation_error', `${field} is not a calendar day`, { field, detail: day });
  return date;
}

function totalsOf(sums: Omit<UsageSums, 'group' | 'keyName' | 'keyPrefix'>): S['UsageTotals'] {
  return {
    requests: sums.requests,
    original_tokens: sums.originalTokens,
    compressed_tokens: sums.compressedTokens,
    tokens_saved: sums.originalTokens - sums.compressedTokens,
    cost_usd: nanoToUsd(sums.costNusd),
  };
}

function labelOf(groupBy: UsageGroupBy, sums: UsageSums): string {
  if (groupBy === 'source') return sums.group === 'none' ? 'no source' : sums.group;
  if (groupBy !== 'key') return sums.group;
  if (sums.group === 'none') return 'no key';
  return `${sums.keyName ?? 'key'} (${sums.keyPrefix ?? ''}…)`;
}

const EMPTY = { requests: 0, originalTokens: 0, compressedTokens: 0, costNusd: 0 };

/** Usage history and the credit ledger of the calling account. */
export function createUsageService({ db, clock }: { db: Kysely<Database>; clock: () => Date }) {
  return {
    async report(principal: Principal, query: UsageQuery): Promise<S['UsageReport']> {
      const now = clock();
      const groupBy = query.group_by ?? 'day';
      const from = query.from ?? isoDay(monthStart(now));
      const to = query.to ?? isoDay(now);
      const fromDate = dayStart(from, 'from');
      const until = new Date(dayStart(to, 'to').getTime() + DAY_MS);
      if (fromDate >= until) throw new ApiError('validation_error', 'from must not be after to', { field: 'from', detail: `from ${from}, to ${to}` });
      const days = Math.round((until.getTime() - fromDate.getTime()) / DAY_MS);
      if (days > MAX_RANGE_DAYS) {
        throw new ApiError('validation_error', `The range may span at most ${MAX_RANGE_DAYS} days`, { field: 'from', detail: `${days} days asked` });
      }

      const sums = await sumUsage(db, principal.account.id, fromDate, until, groupBy);
      let groups: S['UsageGroup'][];
      if (groupBy === 'day') {
        // Every day of the range, so a chart's x axis has no gaps.
        const byDay = new Map(sums.map((s) => [s.group, s]));
        groups = Array.from({ length: days }, (_, i) => {
          const day = isoDay(new Date(fromDate.getTime() + i * DAY_MS));
          return { group: day, label: day, ...totalsOf(byDay.get(day) ?? EMPTY) };
        });
      } else {
        groups = [...sums]
          .sort((a, b) => b.costNusd - a.costNusd || b.originalTokens - a.originalTokens || a.group.localeCompare(b.group))
          .map((s) => ({ group: s.group, label: labelOf(groupBy, s), ...totalsOf(s) }));
      }
      const total = sums.reduce(
        (acc, s) => ({
          requests: acc.requests + s.requests,
          originalTokens: acc.originalTokens + s.originalTokens,
          compressedTokens: acc.compressedTokens + s.compressedTokens,
          costNusd: acc.costNusd + s.costNusd,
        }),
        EMPTY,
      );
      return { from, to, group_by: groupBy, groups, totals: totalsOf(total) };
    },

    async ledger(principal: Principal, page: { limit?: number | undefined; before?: string | undefined }): Promise<S['LedgerPage']> {
      const limit = page.limit ?? 50;
      // One row past the page says whether an older page exists.
      const rows = await listLedgerEntries(db, principal.account.id, { limit: limit + 1, before: page.before });
      const entries = rows.slice(0, limit).map((r) => ({
        id: r.id,
        kind: r.kind,
        amount_usd: nanoToUsd(r.amountNusd),
        note: r.note,
        created_at: r.createdAt.toISOString(),
        request_id: r.requestId,
        model: r.model,
        original_tokens: r.originalTokens,
        query_tokens: r.queryTokens,
      }));
      return { entries, next_cursor: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;

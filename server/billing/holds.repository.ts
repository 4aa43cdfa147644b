import { sql } from 'kysely';
import type { Executor } from '../db/executor.js';

/**
 * The hold, settle and release of a request, each ONE statement (usage row, ledger entries and balance
 * together or not at all). The balance moves in an UPDATE whose condition is re-checked on the row's latest
 * version once locked (READ COMMITTED), so concurrent holds never take it below zero, and a pending row
 * moves to settled or released only once. Prepared statements (create-db.ts).
 */

export interface QuickHold {
  accountId: string;
  apiKeyId: string | null;
  requestId: string;
  family: string;
  model: string;
  operation: 'single' | 'batch' | 'stream';
  costNusd: number;
  now: Date;
  /** The request's `source` (null when it sent none). */
  source?: string | null;
  /** The lease of the process taking the hold (replica-lease.ts); null: none (tests, tools). */
  replicaId?: string | null;
  /**
   * The key's monthly budget was checked by the caller, under the account's and the key's row
   * locks (the locked path): a budget then no longer sends the hold elsewhere.
   */
  budgetChecked?: boolean;
}

/**
 * Holds `costNusd` when the balance covers it and the key (if any) is live and has no monthly
 * budget (or `budgetChecked`); returns the usage row's id, or undefined when any of that is not so
 * (nothing written): the caller then takes the locked path, which finds out which rule refused and
 * says so, and writes its own hold with this statement too.
 */
export async function holdInOneStatement(db: Executor, h: QuickHold): Promise<string | undefined> {
  const result = await sql<{ id: string }>`/* prepared:hold */
    with key as (
      select 1 from api_keys
      where id = ${h.apiKeyId}::uuid and (revoked_at is not null${h.budgetChecked ? sql`` : sql` or monthly_budget_nusd is not null`})
    ), account as (
      update accounts set balance_nusd = balance_nusd - ${h.costNusd}::bigint
      where id = ${h.accountId}::uuid and deleted_at is null and balance_nusd >= ${h.costNusd}::bigint and not exists (select 1 from key)
      returning id
    ), event as (
      insert into usage_events (request_id, account_id, api_key_id, family, model, operation, status, rows, original_tokens, compressed_tokens, reserved_nusd, cost_nusd, created_at, settled_at, source, replica_id)
      select ${h.requestId}::text, account.id, ${h.apiKeyId}::uuid, ${h.family}::text, ${h.model}::text, ${h.operation}::text, 'pending', 0, 0, 0, ${h.costNusd}::bigint, 0, ${h.now}::timestamptz, null::timestamptz, ${h.source ?? null}::text, ${h.replicaId ?? null}::text
      from account
      returning id
    ), ledger as (
      insert into ledger_entries (account_id, kind, amount_nusd, usage_event_id)
      select ${h.accountId}::uuid, 'hold', ${-h.costNusd}::bigint, event.id from event
    )
    select id from event`.execute(db);
  return result.rows[0]?.id;
}

export interface Finish {
  usageEventId: string;
  accountId: string;
  reservedNusd: number;
  /** 0 for a release. */
  costNusd: number;
  status: 'settled' | 'released';
  originalTokens: number;
  /** The queries' tokens, billed with originalTokens (0 for a release). */
  queryTokens: number;
  compressedTokens: number;
  rows: number;
  now: Date;
}

/**
 * Moves a pending usage row to settled (charging `costNusd`, returning the rest of the hold) or
 * released (returning all of it), with its ledger entries (release, then charge when settled) and
 * the balance; false when the row was no longer pending (nothing written: never counted twice).
 */
export async function finishInOneStatement(db: Executor, f: Finish): Promise<boolean> {
  const entries =
    f.status === 'settled'
      ? sql`values (1, 'release', ${f.reservedNusd}::bigint), (2, 'charge', ${-f.costNusd}::bigint)`
      : sql`values (1, 'release', ${f.reservedNusd}::bigint)`;
  const result = await sql<{ id: string }>`/* prepared:finish */
    with event as (
      update usage_events
      set status = ${f.status}::text, cost_nusd = ${f.costNusd}::bigint, original_tokens = ${f.originalTokens}::bigint, query_tokens = ${f.queryTokens}::bigint,
        compressed_tokens = ${f.compressedTokens}::bigint, rows = ${f.rows}::int, settled_at = ${f.now}::timestamptz
      where id = ${f.usageEventId}::uuid and status = 'pending'
      returning id
    ), ledger as (
      insert into ledger_entries (account_id, kind, amount_nusd, usage_event_id)
      select ${f.accountId}::uuid, e.kind, e.amount, event.id from event cross join (${entries}) as e(n, kind, amount)
      order by e.n
    )${
      // A request usually costs exactly what was held (the worst case is its own input tokens):
      // then the balance does not move, and the account row is left alone (not locked, so the
      // account's next holds do not queue behind this commit).
      f.reservedNusd === f.costNusd
        ? sql``
        : sql`, account as (
      update accounts set balance_nusd = balance_nusd + ${f.reservedNusd - f.costNusd}::bigint
      where id = ${f.accountId}::uuid and exists (select 1 from event)
    )`
    }
    select id from event`.execute(db);
  return result.rows.length > 0;
}

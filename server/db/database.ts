import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Timestamps are written as Date or ISO strings and read back as Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;
/** A timestamp the database fills in (`default now()`). */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** Money is stored in integer nano-USD (1e-9 USD): one token at $0.10/1M costs 100. */
type NanoUsd = ColumnType<number, number | bigint, number | bigint>;
type NullableNanoUsd = ColumnType<number | null, number | bigint | null, number | bigint | null>;

interface AccountsTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  role: 'admin' | 'user';
  account_type: 'user' | 'enterprise' | null;
  display_name: string | null;
  profile_created_at: NullableTimestamp;
  balance_nusd: NanoUsd;
  created_at: CreatedAt;
  deleted_at: NullableTimestamp;
}

interface SessionsTable {
  id: Generated<string>;
  account_id: string;
  /** First characters of the token: a non-secret lookup handle. */
  token_prefix: string;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface ApiKeysTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  /** First characters of the key: lookup handle and display prefix. */
  prefix: string;
  key_hash: string;
  scope: 'user' | 'demo';
  monthly_budget_nusd: NullableNanoUsd;
  daily_request_cap: number | null;
  expires_at: NullableTimestamp;
  created_at: CreatedAt;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

interface UsageEventsTable {
  id: Generated<string>;
  request_id: string;
  account_id: string;
  api_key_id: string | null;
  family: string;
  model: string;
  operation: 'single' | 'batch' | 'stream';
  /** pending: worst case held; settled: actual cost charged; released: hold returned unused. */
  status: 'pending' | 'settled' | 'released';
  rows: number;
  original_tokens: ColumnType<number, number | bigint, number | bigint>;
  /** Tokens of the request's queries, billed with original_tokens (migration 0005). */
  query_tokens: ColumnType<number, number | bigint | undefined, number | bigint>;
  compressed_tokens: ColumnType<number, number | bigint, number | bigint>;
  reserved_nusd: NanoUsd;
  cost_nusd: NanoUsd;
  created_at: CreatedAt;
  settled_at: NullableTimestamp;
  /** The request's `source` (`sdk:python`, ...); null when it sent none (migration 0003). */
  source: ColumnType<string | null, string | null | undefined, string | null>;
  /** The replica incarnation that took the hold (migration 0004); null on rows written before it. */
  replica_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One running server process's lease (migration 0004; server/billing/replica-lease.ts). */
interface ReplicaLeasesTable {
  replica_id: string;
  name: string;
  started_at: CreatedAt;
  expires_at: Date;
}

export interface LedgerEntriesTable {
  id: Generated<string>;
  account_id: string;
  usage_event_id: string | null;
  kind: 'grant' | 'top_up' | 'hold' | 'release' | 'charge';
  amount_nusd: NanoUsd;
  note: string | null;
  created_at: CreatedAt;
}

/**
 * Settled usage per account, key and UTC calendar month, kept by triggers on usage_events
 * (migration 0002): read instead of summing the month's rows. Usage without a key is under NO_KEY.
 */
interface UsageMonthsTable {
  account_id: string;
  api_key_id: string;
  /** First day of the month (written and compared as 'YYYY-MM-DD'). */
  month: ColumnType<Date, string, string>;
  compressed_tokens: ColumnType<number, number | bigint, number | bigint>;
  cost_nusd: NanoUsd;
}

/** The whole schema, as Kysely sees it. */
export interface Database {
  accounts: AccountsTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  usage_events: UsageEventsTable;
  ledger_entries: LedgerEntriesTable;
  usage_months: UsageMonthsTable;
  replica_leases: ReplicaLeasesTable;
}

export type AccountRow = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type SessionRow = Selectable<SessionsTable>;
export type UsageEventRow = Selectable<UsageEventsTable>;

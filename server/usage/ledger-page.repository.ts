import type { Executor } from '../db/executor.js';

/** The ledger kinds a user sees; holds and releases net to zero once a request settles. */
const VISIBLE_LEDGER_KINDS = ['grant', 'top_up', 'charge'] as const;

export interface LedgerPageRow {
  id: string;
  kind: (typeof VISIBLE_LEDGER_KINDS)[number];
  amountNusd: number;
  note: string | null;
  createdAt: Date;
  requestId: string | null;
  model: string | null;
  originalTokens: number | null;
  /** The charged request's query tokens, billed with originalTokens; null for grants and top-ups. */
  queryTokens: number | null;
}

/** Up to `limit` visible ledger entries of an account with id below `before`, newest first. */
export async function listLedgerEntries(
  db: Executor,
  accountId: string,
  { limit, before }: { limit: number; before?: string | undefined },
): Promise<LedgerPageRow[]> {
  let query = db
    .selectFrom('ledger_entries')
    .leftJoin('usage_events', 'usage_events.id', 'ledger_entries.usage_event_id')
    .select([
      'ledger_entries.id',
      'ledger_entries.kind',
      'ledger_entries.amount_nusd',
      'ledger_entries.note',
      'ledger_entries.created_at',
      'usage_events.request_id',
      'usage_events.model',
      'usage_events.original_tokens',
      'usage_events.query_tokens',
    ])
    .where('ledger_entries.account_id', '=', accountId)
    .where('ledger_entries.kind', 'in', VISIBLE_LEDGER_KINDS)
    .orderBy('ledger_entries.id', 'desc')
    .limit(limit);
  if (before !== undefined) query = query.where('ledger_entries.id', '<', before);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: String(r.id),
    kind: r.kind as LedgerPageRow['kind'],
    amountNusd: Number(r.amount_nusd),
    note: r.note,
    createdAt: r.created_at,
    requestId: r.request_id,
    model: r.model,
    originalTokens: r.original_tokens === null ? null : Number(r.original_tokens),
    queryTokens: r.query_tokens === null ? null : Number(r.query_tokens),
  }));
}

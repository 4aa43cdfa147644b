import type { Executor } from '../db/executor.js';
import type { LedgerEntriesTable } from '../db/database.js';

export async function insertLedgerEntry(
  db: Executor,
  entry: { account_id: string; kind: LedgerEntriesTable['kind']; amount_nusd: number; usage_event_id?: string | null; note?: string | null },
): Promise<void> {
  await db
    .insertInto('ledger_entries')
    .values({ usage_event_id: null, note: null, ...entry })
    .execute();
}

import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingService } from '../../server/billing/billing.service.js';
import { warmBilling } from '../../server/billing/warm-billing.js';
import type { Database } from '../../server/db/database.js';
import { createTestDb } from '../helpers/test-app.js';

let handle: Awaited<ReturnType<typeof createTestDb>>;
let db: Kysely<Database>;
beforeAll(async () => {
  handle = await createTestDb();
  db = handle.db.db;
});
afterAll(async () => {
  await handle.close();
});

async function everyRow(): Promise<Record<string, unknown[]>> {
  const { schema } = handle.db;
  const tables = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = ${schema} order by tablename`.execute(db);
  const out: Record<string, unknown[]> = {};
  for (const { name } of tables.rows) out[name] = (await sql`select * from ${sql.table(`${schema}.${name}`)} order by 1`.execute(db)).rows;
  return out;
}

// Each round: three holds (a ledger row each), two settles (release + charge) and one release.
const LEDGER_ROWS_PER_ROUND = 3 + 2 * 2 + 1;
const nextLedgerId = async () => Number((await sql<{ id: string }>`select nextval(pg_get_serial_sequence('ledger_entries', 'id')) as id`.execute(db)).rows[0]!.id);

describe('warmBilling', () => {
  it('runs every hold, settle and release statement and leaves every row as it was', async () => {
    const now = new Date();
    const account = await sql<{ id: string }>`insert into accounts (email, password_hash, role, balance_nusd) values ('owner@example.com', 'x', 'user', 5000000) returning id`.execute(db);
    const accountId = account.rows[0]!.id;
    const key = await sql<{ id: string }>`insert into api_keys (account_id, name, prefix, key_hash, scope) values (${accountId}::uuid, 'k', 'p1', 'h1', 'user') returning id`.execute(db);
    const billing = createBillingService({ db, clock: () => now });
    const input = { accountId, apiKeyId: key.rows[0]!.id, family: 'question-specific', model: 'latte_v1', operation: 'single', worstCaseTokens: 100 } as const;
    await billing.settle(await billing.authorize({ ...input, requestId: 'before' }), { originalTokens: 80, compressedTokens: 30, rows: 1 });
    const before = await everyRow();
    const ledgerBefore = await nextLedgerId();

    const { rounds } = await warmBilling(db, { rounds: 2 });

    expect(rounds).toBe(2);
    expect(await everyRow()).toEqual(before);
    // The sequence is the one trace a rolled-back insert leaves: it shows each statement wrote its ledger rows.
    expect((await nextLedgerId()) - ledgerBefore).toBe(1 + rounds * LEDGER_ROWS_PER_ROUND);
  });

  it('leaves the statements it prepared usable: a real hold and settle after it charge as before', async () => {
    const now = new Date();
    await warmBilling(db, { rounds: 1, clock: () => now });
    const account = await sql<{ id: string }>`insert into accounts (email, password_hash, role, balance_nusd) values ('after@example.com', 'x', 'user', 5000000) returning id`.execute(db);
    const accountId = account.rows[0]!.id;
    const billing = createBillingService({ db, clock: () => now });
    const hold = await billing.authorize({ accountId, apiKeyId: null, requestId: 'after', family: 'question-specific', model: 'latte_v1', operation: 'single', worstCaseTokens: 1000 });
    expect(await billing.settle(hold, { originalTokens: 400, compressedTokens: 100, rows: 1 })).toBe(true);
    const row = await db.selectFrom('usage_events').select(['status', 'cost_nusd']).where('id', '=', hold.usageEventId).executeTakeFirstOrThrow();
    expect(row.status).toBe('settled');
    expect(row.cost_nusd).toBeGreaterThan(0);
    expect(row.cost_nusd).toBeLessThan(hold.reservedNusd);
    expect(await billing.balanceUsd(accountId)).toBeCloseTo((5_000_000 - row.cost_nusd) / 1e9, 9);
  });
});

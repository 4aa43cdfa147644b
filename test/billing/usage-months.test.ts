import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingService } from '../../server/billing/billing.service.js';
import { keySpendThisMonth, monthlyCompressedTokens } from '../../server/billing/usage.repository.js';
import type { Database } from '../../server/db/database.js';
import { createMigrator } from '../../server/db/migrate.js';
import { createTestDb } from '../helpers/test-app.js';
import type { Kysely } from 'kysely';

// The monthly totals that budgets and tiers read come from usage_months, kept by triggers
// (migration 0002). Whatever happens to the usage rows, they must equal the sums over the rows
// that the billing code used to compute on every request.
let handle: Awaited<ReturnType<typeof createTestDb>>;
let db: Kysely<Database>;
beforeAll(async () => {
  handle = await createTestDb();
  db = handle.db.db;
});
afterAll(async () => {
  await handle.close();
});

const NOW = new Date(Date.UTC(2031, 4, 20, 12));
const LAST_MONTH = new Date(Date.UTC(2031, 3, 30, 23, 59));
const MONTH_START = new Date(Date.UTC(2031, 4, 1));

/** What the repository used to compute: the month's usage rows summed. */
async function rowSums(accountId: string, keyId: string) {
  const tokens = await sql<{ n: string }>`select coalesce(sum(compressed_tokens), 0) as n from usage_events
    where account_id = ${accountId}::uuid and status = 'settled' and created_at >= ${MONTH_START}`.execute(db);
  const spend = await sql<{ n: string }>`select coalesce(sum(case when status = 'pending' then reserved_nusd when status = 'settled' then cost_nusd else 0 end), 0) as n
    from usage_events where api_key_id = ${keyId}::uuid and created_at >= ${MONTH_START}`.execute(db);
  return { tokens: Number(tokens.rows[0]!.n), spend: Number(spend.rows[0]!.n) };
}

async function totals(accountId: string, keyId: string) {
  return { tokens: await monthlyCompressedTokens(db, accountId, NOW), spend: await keySpendThisMonth(db, keyId, NOW) };
}

let seq = 0;
async function account(): Promise<{ accountId: string; keys: [string, string] }> {
  const n = seq++;
  const a = await sql<{ id: string }>`insert into accounts (email, password_hash, role, balance_nusd) values (${`m${n}@example.com`}, 'x', 'user', 1000000000000) returning id`.execute(db);
  const accountId = a.rows[0]!.id;
  const key = async (k: number) =>
    (await sql<{ id: string }>`insert into api_keys (account_id, name, prefix, key_hash, scope, monthly_budget_nusd) values (${accountId}::uuid, 'k', 'p', ${`h${n}-${k}`}, 'user', 1000000000) returning id`.execute(db)).rows[0]!.id;
  return { accountId, keys: [await key(0), await key(1)] };
}

async function insertRow(accountId: string, keyId: string | null, status: 'pending' | 'settled' | 'released', at: Date, tokens: number, cost: number): Promise<string> {
  const r = await sql<{ id: string }>`insert into usage_events (request_id, account_id, api_key_id, family, model, operation, status, rows, original_tokens, compressed_tokens, reserved_nusd, cost_nusd, created_at, settled_at)
    values (${`r${seq++}`}, ${accountId}::uuid, ${keyId}::uuid, 'question-specific', 'latte_v2', 'single', ${status}, 1, ${tokens * 4}, ${tokens}, ${cost * 2}, ${cost}, ${at}, ${status === 'pending' ? null : at}) returning id`.execute(db);
  return r.rows[0]!.id;
}

describe('monthly usage totals (usage_months)', () => {
  it('equal the sums over the usage rows through holds, settles, releases, edits and deletions', async () => {
    const { accountId, keys } = await account();
    const [key, otherKey] = keys;
    const billing = createBillingService({ db, clock: () => NOW });
    const check = async () => expect(await totals(accountId, key)).toEqual(await rowSums(accountId, key));

    await check();
    const hold = (k: string, i: number) =>
      billing.authorize({ accountId, apiKeyId: k, requestId: `h-${accountId}-${k}-${i}`, family: 'question-specific', model: 'latte_v2', operation: 'single', worstCaseTokens: 2_000, keyHasBudget: true });
    const a = await hold(key, 1);
    const b = await hold(key, 2);
    const c = await hold(otherKey, 3);
    await check(); // pending holds count at their reserved amount
    expect(await keySpendThisMonth(db, key, NOW)).toBe(a.reservedNusd + b.reservedNusd);
    await billing.settle(a, { originalTokens: 1_000, compressedTokens: 500, rows: 1 });
    await billing.release(b);
    await billing.settle(c, { originalTokens: 2_000, compressedTokens: 700, rows: 1 });
    await check();
    expect(await monthlyCompressedTokens(db, accountId, NOW)).toBe(1_200);

    // Rows written by other paths: direct inserts (settled, with and without a key), last month's
    // usage (not this month's), an edited total, a row moved between keys, a deleted row.
    const direct = await insertRow(accountId, key, 'settled', NOW, 300, 900);
    await insertRow(accountId, null, 'settled', NOW, 40, 100);
    await insertRow(accountId, key, 'settled', LAST_MONTH, 5_000, 9_000);
    await insertRow(accountId, key, 'released', NOW, 0, 0);
    await check();
    await sql`update usage_events set compressed_tokens = 333, cost_nusd = 999 where id = ${direct}::uuid`.execute(db);
    await check();
    await sql`update usage_events set api_key_id = ${otherKey}::uuid where id = ${direct}::uuid`.execute(db);
    await check();
    expect(await totals(accountId, otherKey)).toEqual(await rowSums(accountId, otherKey));
    await sql`update usage_events set status = 'released' where id = ${direct}::uuid`.execute(db);
    await check();
    await sql`delete from ledger_entries where usage_event_id in (select id from usage_events where account_id = ${accountId}::uuid)`.execute(db);
    await sql`delete from usage_events where account_id = ${accountId}::uuid and status = 'settled' and api_key_id is null`.execute(db);
    await check();
    // Last month's total is its own.
    expect(await monthlyCompressedTokens(db, accountId, LAST_MONTH)).toBe(5_000);
  });

  it('a rolled-back settle leaves the totals as they were', async () => {
    const { accountId, keys } = await account();
    const id = await insertRow(accountId, keys[0], 'pending', NOW, 0, 0);
    await expect(
      db.transaction().execute(async (tx) => {
        await sql`update usage_events set status = 'settled', compressed_tokens = 100, cost_nusd = 50 where id = ${id}::uuid`.execute(tx);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await totals(accountId, keys[0])).toEqual(await rowSums(accountId, keys[0]));
    expect(await monthlyCompressedTokens(db, accountId, NOW)).toBe(0);
  });

  it('are filled from the existing usage rows when the migration runs, and dropped when it is undone', async () => {
    const { accountId, keys } = await account();
    const migrator = createMigrator(db, handle.db.schema);
    // Back to before 0002 (later migrations are undone on the way).
    const down = await migrator.migrateTo('0001-initial');
    expect(down.error).toBeUndefined();
    expect(down.results).toContainEqual(expect.objectContaining({ migrationName: '0002-usage-months', direction: 'Down', status: 'Success' }));
    // Written while no trigger exists: only the migration's fill can count them.
    await insertRow(accountId, keys[0], 'settled', NOW, 120, 360);
    await insertRow(accountId, keys[1], 'settled', NOW, 80, 240);
    await insertRow(accountId, null, 'settled', NOW, 7, 21);
    await insertRow(accountId, keys[0], 'pending', NOW, 0, 0);
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    for (const k of keys) expect(await totals(accountId, k)).toEqual(await rowSums(accountId, k));
    expect(await monthlyCompressedTokens(db, accountId, NOW)).toBe(207);
  });
});

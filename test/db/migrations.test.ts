import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate.js';
import { createTestDb } from '../helpers/test-app.js';

let handle: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

describe('migrations', () => {
  it('create the accounts, sessions, api_keys, usage_events, ledger_entries and usage_months tables', async () => {
    const tables = await handle.db.db.introspection.getTables();
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(['accounts', 'sessions', 'api_keys', 'usage_events', 'ledger_entries', 'usage_months']),
    );
  });

  it('are idempotent', async () => {
    await expect(migrateToLatest(handle.db.db, handle.db.schema)).resolves.toBeUndefined();
  });

  it('round-trip a bigint money column as a number, and enforce role values', async () => {
    const db = handle.db.db;
    const row = await db
      .insertInto('accounts')
      .values({ email: 'm@example.com', password_hash: 'x', role: 'user', account_type: null, display_name: null, profile_created_at: null, balance_nusd: 10_000_000_000, deleted_at: null })
      .returning(['id', 'balance_nusd'])
      .executeTakeFirstOrThrow();
    expect(row.balance_nusd).toBe(10_000_000_000);
    await expect(
      sql`insert into accounts (email, password_hash, role) values ('r@example.com', 'x', 'root')`.execute(db),
    ).rejects.toThrow();
    await expect(
      db.insertInto('accounts').values({ email: 'm@example.com', password_hash: 'y', role: 'user', account_type: null, display_name: null, profile_created_at: null, balance_nusd: 0, deleted_at: null }).execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it('commit or roll back a transaction as a unit', async () => {
    const db = handle.db.db;
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.insertInto('accounts').values({ email: 'tx@example.com', password_hash: 'x', role: 'user', account_type: null, display_name: null, profile_created_at: null, balance_nusd: 0, deleted_at: null }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const found = await db.selectFrom('accounts').where('email', '=', 'tx@example.com').selectAll().execute();
    expect(found).toHaveLength(0);
  });
});

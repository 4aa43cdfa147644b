import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { warmTables } from '../../server/db/warm-tables.js';
import { createKey, signup } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';

const app = useTestApp();

async function everyRow(): Promise<Record<string, unknown[]>> {
  const { db, schema } = app().db;
  const tables = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = ${schema} order by tablename`.execute(db);
  const out: Record<string, unknown[]> = {};
  for (const { name } of tables.rows) out[name] = (await sql`select * from ${sql.table(`${schema}.${name}`)}`.execute(db)).rows;
  return out;
}

describe('warmTables', () => {
  it('reads and rewrites a row of every table ahead of the first request, and leaves every row as it was', async () => {
    const { token } = await signup(app().app);
    await createKey(app().app, token);
    const before = await everyRow();
    expect(before.accounts!.length).toBeGreaterThan(0);

    const { tables } = await warmTables(app().db.db, app().db.schema, { write: true });
    expect(tables).toBe(Object.keys(before).length);
    expect(await everyRow()).toEqual(before);
  });
});

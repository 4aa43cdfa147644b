import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../helpers/test-app.js';

// One connection, so the statements and the view below share a session.
let handle: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  handle = await createTestDb({ poolSize: 1 });
});
afterAll(async () => {
  await handle.close();
});

const prepared = async () =>
  (await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(handle.db.db)).rows.map((r) => r.name);

describe('statements marked /* prepared:NAME */', () => {
  it('run as named prepared statements, one per distinct text, with the same results', async () => {
    const db = handle.db.db;
    const before = await prepared();
    for (const n of [1, 2, 3]) {
      const r = await sql<{ n: number }>`/* prepared:probe */ select ${n}::int * 2 as n`.execute(db);
      expect(r.rows).toEqual([{ n: n * 2 }]);
    }
    const other = await sql<{ s: string }>`/* prepared:probe */ select ${'x'}::text || 'y' as s`.execute(db);
    expect(other.rows).toEqual([{ s: 'xy' }]);
    await sql`select ${1}::int as unmarked`.execute(db);
    const added = (await prepared()).filter((n) => !before.includes(n));
    expect(added).toHaveLength(2);
    expect(added.every((n) => n.startsWith('probe_'))).toBe(true);
  });
});

import { sql, type Kysely } from 'kysely';
import { inRolledBackTransaction } from './rolled-back.js';

/**
 * Reads one row of every table in `schema` before readiness: a backend's first statement on a table
 * opens it and its indexes, which on PGlite (main thread) cost the first client request up to ~160 ms
 * (docs/operations-probes.md). On PostgreSQL it warms the one pooled connection it uses.
 * `write` (PGlite): also one rolled-back write per table (see writeOnceRolledBack).
 */
export async function warmTables<DB>(db: Kysely<DB>, schema: string, options: { write?: boolean } = {}): Promise<{ tables: number; ms: number }> {
  const started = Date.now();
  const tables = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = ${schema} order by tablename`.execute(db);
  for (const { name } of tables.rows) await sql`select * from ${sql.table(`${schema}.${name}`)} limit 1`.execute(db);
  if (options.write) await writeOnceRolledBack(db, schema, tables.rows.map((t) => t.name));
  return { tables: tables.rows.length, ms: Date.now() - started };
}

/**
 * Rewrites one row of every table, rolled back: a restarted PGlite paid its first writes on the first
 * charged client request, on the main thread the engine's answer waits on (docs/operations-probes.md).
 */
async function writeOnceRolledBack<DB>(db: Kysely<DB>, schema: string, tables: readonly string[]): Promise<void> {
  const columns = await sql<{ table: string; column: string }>`select table_name as "table", column_name as "column" from information_schema.columns where table_schema = ${schema} and ordinal_position = 1`.execute(db);
  const first = new Map(columns.rows.map((c) => [c.table, c.column]));
  await inRolledBackTransaction(db, async (trx) => {
    for (const name of tables) {
      const column = first.get(name);
      if (!column) continue;
      const table = sql.table(`${schema}.${name}`);
      await sql`update ${table} set ${sql.ref(column)} = ${sql.ref(column)} where ctid = (select ctid from ${table} limit 1)`.execute(trx);
    }
  });
}

import { sql, type Kysely } from 'kysely';

/**
 * Reads one row of every table in `schema` before readiness turns 200. A database backend's first
 * statement on a table opens it and all its indexes (the planner reads each one's size), and on
 * PGlite, which runs on the main thread, that cost was 35 ms on a new database and ~160 ms of main
 * thread on a restarted one (CPU profile of the first compression request: PGlite's file seeks),
 * paid by the first client request. On PostgreSQL it warms the one pooled connection it uses.
 */
export async function warmTables<DB>(db: Kysely<DB>, schema: string): Promise<{ tables: number; ms: number }> {
  const started = Date.now();
  const tables = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = ${schema} order by tablename`.execute(db);
  for (const { name } of tables.rows) await sql`select * from ${sql.table(`${schema}.${name}`)} limit 1`.execute(db);
  return { tables: tables.rows.length, ms: Date.now() - started };
}

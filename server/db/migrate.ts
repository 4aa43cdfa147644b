import { Migrator, sql, type DatabaseIntrospector, type Kysely, type Migration, type MigrationProvider, type TableMetadata } from 'kysely';
import { initial } from './migrations/0001-initial.js';
import { usageMonths } from './migrations/0002-usage-months.js';
import { usageSource } from './migrations/0003-usage-source.js';
import { replicaLeases } from './migrations/0004-replica-leases.js';
import { usageQueryTokens } from './migrations/0005-usage-query-tokens.js';

/** Every migration, in order. Names sort lexically, so keep the numeric prefix. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-usage-months': usageMonths,
  '0003-usage-source': usageSource,
  '0004-replica-leases': replicaLeases,
  '0005-usage-query-tokens': usageQueryTokens,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The names of the tables in `schema`. */
export async function tablesIn(db: Kysely<any>, schema: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = ${schema}`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * An introspector for the Migrator, which only asks whether its two bookkeeping tables exist: Kysely's
 * reads every column of every schema and fails (42P01) when a table on a shared server is dropped meanwhile.
 * This one reads the table names of the one schema the bookkeeping lives in.
 */
function schemaIntrospector(db: Kysely<any>, schema: string): DatabaseIntrospector {
  const getTables = async (): Promise<TableMetadata[]> => (await tablesIn(db, schema)).map((name) => ({ name, schema, isView: false, columns: [] }));
  return {
    getSchemas: () => db.introspection.getSchemas(),
    getTables,
    getMetadata: async () => ({ tables: await getTables() }),
  };
}

/** `db` as the Migrator sees it: everything as is, except the introspector scoped to `schema`. */
function withSchemaIntrospection(db: Kysely<any>, schema: string): Kysely<any> {
  const introspection = schemaIntrospector(db, schema);
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'introspection') return introspection;
      // Kysely's methods use private fields, so they must run on the real instance.
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The migrator over every migration, its bookkeeping in `schema` (tests step it down and up again). */
export function createMigrator(db: Kysely<any>, schema = 'public'): Migrator {
  return new Migrator({ db: withSchemaIntrospection(db, schema), provider, migrationTableSchema: schema });
}

/**
 * Brings the schema up to date; throws with the failing migration's error. The migration
 * bookkeeping tables are pinned to `schema` (default `public`): unpinned, Kysely looks for
 * them in every schema and is fooled by another schema's copy on a shared server.
 */
export async function migrateToLatest(db: Kysely<any>, schema = 'public'): Promise<void> {
  const { error, results } = await createMigrator(db, schema).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

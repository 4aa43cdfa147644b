import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { initial } from './migrations/0001-initial.js';
import { usageMonths } from './migrations/0002-usage-months.js';

/** Every migration, in order. Names sort lexically, so keep the numeric prefix. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-usage-months': usageMonths,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The migrator over every migration, its bookkeeping in `schema` (tests step it down and up again). */
export function createMigrator(db: Kysely<any>, schema = 'public'): Migrator {
  return new Migrator({ db, provider, migrationTableSchema: schema });
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

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Schemas of this run on DATABASE_URL start with it; '' without DATABASE_URL. */
    schemaPrefix: string;
  }
}

/**
 * On a real PostgreSQL (DATABASE_URL) each test file migrates a schema of its own. Kysely's
 * migrator lists the tables of every schema on the server (`has_schema_privilege` on each name),
 * and a schema that a finishing file dropped meanwhile failed that listing ("schema test_... does
 * not exist", SQLSTATE 3F000): the schemas of a run are dropped here, once every file is done.
 * The run's own prefix keeps another run's schemas on the same server out of it.
 */
export default function setup(project: TestProject) {
  const url = process.env['DATABASE_URL'];
  const prefix = url ? `test_${randomBytes(3).toString('hex')}_` : '';
  project.provide('schemaPrefix', prefix);
  return async () => {
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ nspname: string }>('select nspname from pg_namespace where starts_with(nspname, $1)', [prefix]);
      for (const { nspname } of rows) await client.query(`drop schema if exists "${nspname.replaceAll('"', '')}" cascade`);
    } finally {
      await client.end();
    }
  };
}

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
 * On a real PostgreSQL (DATABASE_URL) each test file migrates a schema of its own. The schemas
 * of a run are dropped here, once every file is done, rather than by each file as it finishes:
 * no file's catalog queries race another file's drop. The run's own prefix keeps another run's
 * schemas on the same server out of it.
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

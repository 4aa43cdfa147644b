import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../server/db/create-db.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { hasChromium } from './helpers/chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Schemas of this run on DATABASE_URL start with it; '' without DATABASE_URL. */
    schemaPrefix: string;
    /** A migrated PGlite data directory (dumpDataDir) that each file's database starts from; '' on DATABASE_URL. */
    pgliteSnapshot: string;
  }
}

/** Boots and migrates PGlite once for the run: a file then loads it in ~1 s instead of ~9 s of initdb and migrations. */
async function migratedPgliteSnapshot(): Promise<string> {
  const handle = await createDb({ dataDir: 'memory://' });
  try {
    await migrateToLatest(handle.db, handle.schema);
    const dump = await handle.dumpDataDir!();
    const file = path.join(os.tmpdir(), `crema-test-pglite-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await handle.close();
  }
}

/**
 * On a real PostgreSQL (DATABASE_URL) each test file migrates a schema of its own. The schemas
 * of a run are dropped here, once every file is done, rather than by each file as it finishes:
 * no file's catalog queries race another file's drop. The run's own prefix keeps another run's
 * schemas on the same server out of it.
 */
export default async function setup(project: TestProject) {
  const url = process.env['DATABASE_URL'];
  const prefix = url ? `test_${randomBytes(3).toString('hex')}_` : '';
  project.provide('schemaPrefix', prefix);
  const snapshot = url ? '' : await migratedPgliteSnapshot();
  // The browser tests' dashboard, built once into dist/dashboard: when each file built it, two of
  // them could empty the folder while the other's page was loading from it.
  if (hasChromium) await (await import('../scripts/build-dashboard.js')).buildDashboard();
  project.provide('pgliteSnapshot', snapshot);
  return async () => {
    if (snapshot) await rm(snapshot, { force: true });
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

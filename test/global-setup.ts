import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../server/db/create-db.js';
import { migrateToLatest } from '../server/db/migrate.js';

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
  // dist/ as `npm start` uses it (server, spec, dashboard), rebuilt here only where sources changed:
  // spawned servers run it, and the browser tests' pages load from it (built once, not per file).
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: new URL('..', import.meta.url).pathname, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`scripts/build.mjs --if-stale failed:\n${build.stdout}${build.stderr}`);
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

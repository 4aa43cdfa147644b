import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Express } from 'express';
import { sql } from 'kysely';
import { afterAll, beforeAll, inject } from 'vitest';
import { pino } from 'pino';
import { createApp, type AppDeps } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import type { CompressionBackend } from '../../server/compression/compression-backend.js';
import { createDb, dropSchema, type CreateDbOptions, type DbHandle } from '../../server/db/create-db.js';
import { createEnginePool } from '../../server/compression/runtime/engine-pool.js';
import { migrateToLatest, tablesIn } from '../../server/db/migrate.js';
import { weightsOnDisk } from '../../server/model/weights-availability.js';
import { createQuotaStore, type QuotaStore } from '../../server/rate-limit/quota.js';
import { createServices, type Services } from '../../server/services.js';

/** scrypt N of the test apps' password hashes. */
export const TEST_PASSWORD_HASH_COST = 1024;

/** ADMIN_EMAIL of every test app: `signup(app, { email: TEST_ADMIN_EMAIL })` makes the admin. */
export const TEST_ADMIN_EMAIL = 'admin@crema.test';

export interface TestApp {
  app: Express;
  /** What the app was built from. */
  deps: AppDeps;
  db: DbHandle;
  config: Config;
  services: Services;
  quotas: QuotaStore;
  backend: CompressionBackend;
  close(): Promise<void>;
}

/** The run's migrated PGlite (test/global-setup.ts), read once per test process. */
let snapshot: Promise<Blob | undefined> | undefined;
function pgliteSnapshot(): Promise<Blob | undefined> {
  const file = inject('pgliteSnapshot');
  snapshot ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
  return snapshot;
}

/**
 * A migrated test database: a private schema on the real server when `DATABASE_URL` is set
 * (so parallel files never collide), otherwise an in-memory PGlite started from the run's
 * migrated snapshot (pass `loadDataDir: undefined` for one that runs every migration itself).
 */
export async function createTestDb(options: Partial<CreateDbOptions> = {}): Promise<{ db: DbHandle; close(): Promise<void> }> {
  if (Object.keys(options).length === 0 && !process.env['DATABASE_URL']) return reusablePglite();
  const url = 'databaseUrl' in options ? options.databaseUrl : process.env['DATABASE_URL'];
  const loadDataDir = url || 'loadDataDir' in options ? options.loadDataDir : await pgliteSnapshot();
  // On DATABASE_URL the run's schemas are dropped together once every file is done
  // (test/global-setup.ts); a throwaway server's are dropped here.
  const prefix = url === process.env['DATABASE_URL'] ? inject('schemaPrefix') : '';
  const schema = url ? `${prefix || 'test_'}${randomBytes(6).toString('hex')}` : undefined;
  const db = await createDb({ dataDir: 'memory://', schema, poolSize: 4, ...options, databaseUrl: url, loadDataDir });
  await migrateToLatest(db.db, db.schema);
  return {
    db,
    close: async () => {
      // A test may have closed the database on purpose; the schema must still be dropped.
      await db.close().catch(() => undefined);
      if (url && schema && !prefix) await dropSchema(url, schema);
    },
  };
}

/**
 * PGlite databases of this test process that a file gave back intact, emptied: starting one from
 * the snapshot costs 0.6-0.9 s of CPU, emptying its tables a few ms (docs/test-suite.md).
 */
const sparePglites: DbHandle[] = [];
/** Tables and applied migrations of a database fresh from the snapshot: a spare must still have them. */
let migratedShape: Promise<string> | undefined;
const shapeOf = async (db: DbHandle, tables: readonly string[]): Promise<string> => {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(db.db);
  return `${[...tables].sort().join()} / ${rows[0]?.n}`;
};

async function reusablePglite(): Promise<{ db: DbHandle; close(): Promise<void> }> {
  let db = sparePglites.pop();
  if (!db) {
    const fresh = await createDb({ dataDir: 'memory://', loadDataDir: await pgliteSnapshot() });
    await migrateToLatest(fresh.db, fresh.schema);
    migratedShape ??= tablesIn(fresh.db, fresh.schema).then((tables) => shapeOf(fresh, tables));
    await migratedShape;
    db = fresh;
  }
  const handle = db;
  let closedByTest = false;
  // A test may close the database on purpose (outages): that one is closed for good.
  const lent: DbHandle = { ...handle, close: async () => ((closedByTest = true), handle.close()) };
  return {
    db: lent,
    close: async () => {
      if (closedByTest || !(await emptied(handle))) return handle.close().catch(() => undefined);
      sparePglites.push(handle);
    },
  };
}

/** Empties every table but the migrations' bookkeeping; false when the schema is not the migrated one any more. */
async function emptied(db: DbHandle): Promise<boolean> {
  try {
    const tables = await tablesIn(db.db, db.schema);
    if ((await shapeOf(db, tables)) !== (await migratedShape)) return false;
    const data = tables.filter((name) => !name.startsWith('kysely_migration'));
    await sql.raw(`truncate ${data.map((name) => `"${name}"`).join(', ')} restart identity cascade`).execute(db.db);
    await sql`select pg_advisory_unlock_all()`.execute(db.db);
    return true;
  } catch {
    return false;
  }
}

/**
 * One engine pool per test process and models folder, shared by the files that process runs
 * (isolate: false): each file used to boot a worker and load the networks again (docs/test-suite.md).
 */
const sharedPools = new Map<string, CompressionBackend>();
function sharedEnginePool(modelsDir: string): CompressionBackend {
  let pool = sharedPools.get(modelsDir);
  if (!pool) sharedPools.set(modelsDir, (pool = createEnginePool({ modelsDir })));
  return pool;
}

/** A fresh app with response validation on (every response is checked against openapi.yaml). */
export async function startTestApp(
  overrides: Partial<Config> = {},
  deps: Partial<Pick<AppDeps, 'quotas' | 'weights' | 'now' | 'backend' | 'logger' | 'readiness'>> = {},
  /** Database options (a throwaway server's URL, a connection-error listener). */
  dbOptions: Partial<CreateDbOptions> = {},
): Promise<TestApp> {
  // MODELS_DIR lets a developer point the suite at other weights; CI uses the bundled models/.
  const config: Config = {
    ...loadConfig({ MODELS_DIR: process.env['MODELS_DIR'] }),
    validateResponses: true,
    adminEmail: TEST_ADMIN_EMAIL,
    ...overrides,
  };
  const { db, close } = await createTestDb(dbOptions);
  const now = deps.now ?? Date.now;
  const quotas = deps.quotas ?? createQuotaStore();
  const services = createServices({
    db: db.db,
    quotas,
    clock: () => new Date(now()),
    sessionTtlMs: config.sessionTtlHours * 3_600_000,
    adminEmail: config.adminEmail,
    signup: config.signup,
    // Hundreds of signups per run: production's scrypt cost (~50 ms of CPU each) is tested in secrets.test.ts.
    passwordHashCost: TEST_PASSWORD_HASH_COST,
  });
  const backend = deps.backend ?? sharedEnginePool(config.modelsDir);
  const appDeps: AppDeps = {
    config,
    db,
    backend,
    logger: deps.logger ?? pino({ level: process.env['LOG_LEVEL'] ?? 'silent' }),
    quotas,
    services,
    weights: deps.weights ?? weightsOnDisk(config.modelsDir),
    ...(deps.readiness ? { readiness: deps.readiness } : {}),
    now,
  };
  return {
    app: createApp(appDeps),
    deps: appDeps,
    db,
    config,
    services,
    quotas,
    backend,
    close: async () => {
      // A backend passed in belongs to the caller; the shared pool outlives the file (its idle
      // workers are unref'd and never hold the process open).
      await close();
    },
  };
}

/**
 * Registers beforeAll/afterAll for one app per test file and returns its getter.
 * @example const t = useTestApp(); it('...', () => request(t().app).get('/api/billing/tiers'));
 */
export function useTestApp(...args: Parameters<typeof startTestApp>): () => TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await startTestApp(...args);
  });
  afterAll(async () => {
    await current?.close();
  });
  return () => {
    if (!current) throw new Error('useTestApp: the app is built in beforeAll');
    return current;
  };
}

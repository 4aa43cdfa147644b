import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './database.js';

/** Which engine backs the database: embedded PGlite or a real PostgreSQL server. */
type DbDriver = 'pglite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  driver: DbDriver;
  /** The schema tables live in. */
  schema: string;
  /** Closes the pool and, for PGlite, the embedded engine. */
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, for `loadDataDir` (tests start from a migrated one). */
  dumpDataDir?(): Promise<Blob>;
}

export interface CreateDbOptions {
  /** A PostgreSQL URL; when absent an embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, or `memory://` for a throwaway database. Default `./.data/pglite`. */
  dataDir?: string | undefined;
  /** A schema to create and use (tests isolate themselves this way on a shared server). */
  schema?: string | undefined;
  /** Pool size for real PostgreSQL. Default 10. */
  poolSize?: number | undefined;
  /** Told once per lost connection (server restart, failover, idle kill); the pool replaces it. */
  onConnectionError?: ((err: Error) => void) | undefined;
  /** `application_name` of every connection (lets an operator or a test find this pool's backends). */
  applicationName?: string | undefined;
  /** PGlite only: start from this data directory dump (`dumpDataDir`) instead of running initdb. */
  loadDataDir?: Blob | undefined;
}

/**
 * A one-line warning per lost connection: the reason and SQLSTATE only (pg attaches the whole
 * client, config included, to some of these errors; it must not reach the logs).
 */
export function reportConnectionLoss(logger: Pick<Logger, 'warn'>): (err: Error) => void {
  return (err) => {
    const code = (err as { code?: unknown }).code;
    logger.warn({ reason: err.message, ...(typeof code === 'string' ? { code } : {}) }, 'database connection lost; the pool opens a new one on demand');
  };
}

/**
 * pg emits `'error'` on a client whose connection dies (on the client when checked out, on both
 * the client and the pool when idle); an unhandled `'error'` event ends the process. Every client
 * gets a listener that reports once; the pool's own event is the same failure seen twice.
 */
function survivePoolErrors(pool: pg.Pool, report: (err: Error) => void): void {
  pool.on('connect', (client) => {
    client.on('error', report);
  });
  pool.on('error', () => undefined);
}

/**
 * Statements opening with `/* prepared:NAME *\/` run as named prepared statements, planned once per
 * connection (about 3x cheaper on PGlite). Only the request path's hot fixed-text statements carry it, so
 * a connection prepares a handful. A pooler must support named prepared statements (PgBouncer 1.21+
 * in transaction mode with max_prepared_statements, or session mode).
 */
const PREPARED_MARKER = /^\/\* prepared:([\w-]+) \*\//u;

function prepareMarkedStatements(pool: pg.Pool): void {
  // One name per distinct marked text (a statement with variants gets one per variant).
  const names = new Map<string, string>();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const [text, values] = args;
      const marker = typeof text === 'string' ? PREPARED_MARKER.exec(text) : null;
      if (!marker || args.length > 2 || (values !== undefined && !Array.isArray(values))) return query(...args);
      let name = names.get(text as string);
      if (!name) {
        name = `${marker[1]}_${names.size}`;
        names.set(text as string, name);
      }
      return query({ name, text, values });
    }) as typeof client.query;
  });
}

// int8 (bigint) columns hold tokens and nano-USD; both stay far below 2^53, so read them as numbers.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/** Opens the database: PGlite through its node-postgres bridge, or a pg pool; one code path above it. */
export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  const searchPath = options.schema ? `-c search_path=${options.schema}` : undefined;
  if (options.databaseUrl) {
    if (options.schema) await ensureSchema(options.databaseUrl, options.schema);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types,
      // A server that does not answer fails the request (503) instead of hanging it.
      connectionTimeoutMillis: 5_000,
      ...(options.applicationName ? { application_name: options.applicationName } : {}),
      ...(searchPath ? { options: searchPath } : {}),
    });
    survivePoolErrors(pool, options.onConnectionError ?? (() => undefined));
    prepareMarkedStatements(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, driver: 'postgres', schema: options.schema ?? 'public', close: () => db.destroy() };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  const dataDir = options.dataDir ?? './.data/pglite';
  if (!dataDir.startsWith('memory://')) await mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
  const pglite = new PGlite(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  await pglite.waitReady;
  if (options.schema) await pglite.exec(`create schema if not exists "${options.schema}"; set search_path to "${options.schema}"`);
  // PGlite is one connection: max 1 is mandatory, so code inside a transaction must use `tx`, never `db`.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, types });
  survivePoolErrors(pool, options.onConnectionError ?? (() => undefined));
  prepareMarkedStatements(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    driver: 'pglite',
    schema: options.schema ?? 'public',
    dumpDataDir: () => pglite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}

async function ensureSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`create schema if not exists "${schema.replaceAll('"', '')}"`);
  } finally {
    await client.end();
  }
}

/** Drops a schema created for a test run (real PostgreSQL only). */
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema.replaceAll('"', '')}" cascade`);
  } finally {
    await client.end();
  }
}

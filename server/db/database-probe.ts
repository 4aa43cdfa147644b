import { sql } from 'kysely';
import type { DbHandle } from './create-db.js';

/** The outcome of the most recent `select 1` on a database, read by `/health/circuits`. */
export interface DatabaseCheck {
  ok: boolean;
  /** Milliseconds clock value when the check ended. */
  at: number;
  error: string | null;
}

/** When each database last answered, and its last outcome (shared by every health route of one app). */
const lastAnswer = new WeakMap<DbHandle, number>();
const lastCheck = new WeakMap<DbHandle, DatabaseCheck>();
/** How long a recent answer vouches for a database whose check is queued behind other work. */
const VOUCH_MS = 2_000;
/** How long a health check waits on the database before a recent answer stands in. */
const PATIENCE_MS = 25;

function selectOne(db: DbHandle, now: () => number): Promise<boolean> {
  return sql`select 1`.execute(db.db).then(
    () => {
      lastAnswer.set(db, now());
      lastCheck.set(db, { ok: true, at: now(), error: null });
      return true;
    },
    (err: unknown) => {
      lastAnswer.delete(db);
      lastCheck.set(db, { ok: false, at: now(), error: err instanceof Error ? err.message : String(err) });
      return false;
    },
  );
}

/**
 * Whether the database answers `select 1`. Under load the check queues behind billing statements
 * (PGlite runs one at a time), which made /health slow exactly when a balancer needs it fast: if
 * the database answered within the last 2 s, the check waits 25 ms and then trusts that answer.
 * A failing database still shows at once (an error returns fast), a hung one within 2 s.
 */
export async function databaseAnswers(db: DbHandle, now: () => number = Date.now): Promise<boolean> {
  const live = selectOne(db, now);
  const last = lastAnswer.get(db);
  if (last === undefined || now() - last > VOUCH_MS) return live;
  let timer: NodeJS.Timeout | undefined;
  const patience = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), PATIENCE_MS)));
  return Promise.race([live, patience]).finally(() => clearTimeout(timer));
}

/** A `select 1` that must answer within `timeoutMs` (no vouching): the deep health check. */
export async function checkDatabase(db: DbHandle, timeoutMs: number, now: () => number = Date.now): Promise<DatabaseCheck> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)));
  const outcome = await Promise.race([selectOne(db, now), late]).finally(() => clearTimeout(timer));
  if (outcome === 'late') {
    const check = { ok: false, at: now(), error: `no answer within ${timeoutMs} ms` };
    lastCheck.set(db, check);
    return check;
  }
  return lastCheck.get(db)!;
}

/** The last check's outcome, without new I/O; undefined before the first. */
export function lastDatabaseCheck(db: DbHandle): DatabaseCheck | undefined {
  return lastCheck.get(db);
}

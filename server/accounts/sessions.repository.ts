import type { SessionRow } from '../db/database.js';
import type { Executor } from '../db/executor.js';

export async function insertSession(
  db: Executor,
  session: { account_id: string; token_prefix: string; token_hash: string; expires_at: Date },
): Promise<SessionRow> {
  return db.insertInto('sessions').values(session).returningAll().executeTakeFirstOrThrow();
}

/** Sessions sharing a token's lookup prefix that are neither revoked nor expired. */
export async function findLiveSessionsByPrefix(db: Executor, prefix: string, now: Date): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('token_prefix', '=', prefix)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

export async function revokeSession(db: Executor, id: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

export async function revokeAccountSessions(db: Executor, accountId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .execute();
}

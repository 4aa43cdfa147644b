import { sql } from 'kysely';
import type { Executor } from '../db/executor.js';

/**
 * Replica leases (migration 0004). Every time is the database's `now()`: the replicas' own clocks
 * may disagree, the database's is the one all of them read.
 */

/** Writes or extends `replicaId`'s lease to `ttlMs` from now; re-creates it when a sweep removed it. */
export async function renewLease(db: Executor, replicaId: string, name: string, ttlMs: number): Promise<void> {
  await db
    .insertInto('replica_leases')
    .values({ replica_id: replicaId, name, expires_at: sql<Date>`now() + ${ttlMs} * interval '1 millisecond'` })
    .onConflict((oc) => oc.column('replica_id').doUpdateSet({ expires_at: (eb) => eb.ref('excluded.expires_at') }))
    .execute();
}

/** Ends at once the leases of other incarnations named `name` (or of every other one when `name` is null). */
export async function expireOtherLeases(db: Executor, replicaId: string, name: string | null): Promise<number> {
  let q = db
    .updateTable('replica_leases')
    .set({ expires_at: sql<Date>`now()` })
    .where('replica_id', '<>', replicaId)
    .where('expires_at', '>', sql<Date>`now()`);
  if (name !== null) q = q.where('name', '=', name);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Removes `replicaId`'s lease (a clean stop, once its open holds are released). */
export async function deleteLease(db: Executor, replicaId: string): Promise<void> {
  await db.deleteFrom('replica_leases').where('replica_id', '=', replicaId).execute();
}

/** Forgets leases expired for over `olderThanMs` whose holds are all settled or released. */
export async function deleteOldLeases(db: Executor, olderThanMs: number): Promise<number> {
  const result = await db
    .deleteFrom('replica_leases as l')
    .where('l.expires_at', '<', sql<Date>`now() - ${olderThanMs} * interval '1 millisecond'`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('usage_events as ue').select('ue.id').whereRef('ue.replica_id', '=', 'l.replica_id').where('ue.status', '=', 'pending'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

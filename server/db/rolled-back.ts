import type { Kysely, Transaction } from 'kysely';

class RolledBack extends Error {}

/** Runs `work` in a transaction that is always rolled back (warm-ups: the statements run, nothing stays). */
export async function inRolledBackTransaction<DB>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<void>): Promise<void> {
  await db
    .transaction()
    .execute(async (trx) => {
      await work(trx);
      throw new RolledBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RolledBack)) throw err;
    });
}

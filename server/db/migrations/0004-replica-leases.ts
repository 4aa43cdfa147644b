import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A lease per running server process, renewed while it lives, and the replica that took each hold: a hold
 * of an expired lease belongs to a dead process, and any replica may release it within the lease's TTL
 * (server/billing/replica-lease.ts). Holds written before this migration keep the age rule.
 */
export const replicaLeases: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('replica_leases')
      // One incarnation: a random id per process start.
      .addColumn('replica_id', 'text', (c) => c.primaryKey())
      // What stays the same across restarts of "the same replica" (REPLICA_NAME, or host:port).
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('replica_leases_name_idx').on('replica_leases').column('name').execute();
    // Nullable, no default: added without rewriting usage_events.
    await db.schema.alterTable('usage_events').addColumn('replica_id', 'text').execute();
    // The sweep reads pending rows only: a partial index stays as small as the holds in flight.
    await db.schema
      .createIndex('usage_events_pending_replica_idx')
      .on('usage_events')
      .column('replica_id')
      .where(sql.ref('status'), '=', 'pending')
      .execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropIndex('usage_events_pending_replica_idx').execute();
    await db.schema.alterTable('usage_events').dropColumn('replica_id').execute();
    await db.schema.dropTable('replica_leases').execute();
  },
};

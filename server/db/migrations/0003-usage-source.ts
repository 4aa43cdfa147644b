import type { Kysely, Migration } from 'kysely';

/**
 * The `source` a compression request sent (`sdk:python`, `gateway:anthropic`, ...), on its usage
 * row, so the usage API can break totals down by client. Null when the request sent none, and
 * on every row written before this migration.
 */
export const usageSource: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // A nullable column without a default: PostgreSQL adds it without rewriting the table.
    await db.schema.alterTable('usage_events').addColumn('source', 'text').execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('usage_events').dropColumn('source').execute();
  },
};

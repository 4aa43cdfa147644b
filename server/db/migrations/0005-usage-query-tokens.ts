import type { Kysely, Migration } from 'kysely';

/**
 * The query's tokens of a settled request, beside the texts' `original_tokens`: a request is billed
 * for both (the engine reads the query as much as the text), so the usage row, the response
 * (`query_tokens`) and the ledger's charge all show the same two figures. 0 on rows written before.
 */
export const usageQueryTokens: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // A constant default: PostgreSQL 11+ adds it without rewriting usage_events.
    await db.schema.alterTable('usage_events').addColumn('query_tokens', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('usage_events').dropColumn('query_tokens').execute();
  },
};

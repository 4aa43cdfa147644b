import { sql, type Kysely, type Migration } from 'kysely';

/** Accounts, bearer sessions, API keys, and the usage/ledger pair that billing writes atomically. */
export const initial: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('accounts')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'user')`))
      .addColumn('account_type', 'text', (c) => c.check(sql`account_type in ('user', 'enterprise')`))
      .addColumn('display_name', 'text')
      .addColumn('profile_created_at', 'timestamptz')
      .addColumn('balance_nusd', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('deleted_at', 'timestamptz')
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
      .addColumn('token_prefix', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('user', 'demo')`))
      .addColumn('monthly_budget_nusd', 'bigint')
      .addColumn('daily_request_cap', 'integer')
      .addColumn('expires_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('last_used_at', 'timestamptz')
      .addColumn('revoked_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('sessions_prefix_idx').on('sessions').column('token_prefix').execute();
    await db.schema.createIndex('api_keys_account_idx').on('api_keys').column('account_id').execute();
    await db.schema.createIndex('api_keys_prefix_idx').on('api_keys').column('prefix').execute();

    await db.schema
      .createTable('usage_events')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('request_id', 'text', (c) => c.notNull().unique())
      .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
      .addColumn('api_key_id', 'uuid', (c) => c.references('api_keys.id'))
      .addColumn('family', 'text', (c) => c.notNull())
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('operation', 'text', (c) => c.notNull().check(sql`operation in ('single', 'batch', 'stream')`))
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'settled', 'released')`))
      .addColumn('rows', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('original_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('compressed_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('reserved_nusd', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('cost_nusd', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('settled_at', 'timestamptz')
      .execute();
    await db.schema
      .createIndex('usage_events_account_month_idx')
      .on('usage_events')
      .columns(['account_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('usage_events_key_month_idx')
      .on('usage_events')
      .columns(['api_key_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('ledger_entries')
      .addColumn('id', 'bigserial', (c) => c.primaryKey())
      .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
      .addColumn('usage_event_id', 'uuid', (c) => c.references('usage_events.id'))
      .addColumn('kind', 'text', (c) =>
        c.notNull().check(sql`kind in ('grant', 'top_up', 'hold', 'release', 'charge')`),
      )
      .addColumn('amount_nusd', 'bigint', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('ledger_entries_account_idx').on('ledger_entries').column('account_id').execute();
  },

  async down(db: Kysely<any>): Promise<void> {
    for (const table of ['ledger_entries', 'usage_events', 'api_keys', 'sessions', 'accounts']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};

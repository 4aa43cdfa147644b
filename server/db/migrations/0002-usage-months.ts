import { sql, type Kysely, type Migration } from 'kysely';

/** The bucket of settled usage that no API key made (usage_months.api_key_id is part of its key, so never null). */
const NO_KEY = '00000000-0000-0000-0000-000000000000';

/**
 * Settled usage per account, API key and calendar month (UTC), kept by triggers on usage_events, so a
 * key's budget check and an account's tier read one row whatever the month's traffic (docs/tuning.md,
 * "Monthly usage table"). Triggers keep the totals exact on every path that writes usage rows; only
 * settled rows count, so a hold never queues behind another request's settle.
 */
export const usageMonths: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // Writers wait while the triggers are created and the totals filled, so no settle falls between.
    await sql`lock table usage_events in share row exclusive mode`.execute(db);
    await db.schema
      .createTable('usage_months')
      .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id'))
      .addColumn('api_key_id', 'uuid', (c) => c.notNull())
      .addColumn('month', 'date', (c) => c.notNull())
      .addColumn('compressed_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('cost_nusd', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('usage_months_pk', ['account_id', 'api_key_id', 'month'])
      .execute();
    await db.schema.createIndex('usage_months_key_idx').on('usage_months').columns(['api_key_id', 'month']).execute();
    // A budgeted key's hold adds its pending holds to the settled total: those few rows, found directly.
    await db.schema
      .createIndex('usage_events_key_pending_idx')
      .on('usage_events')
      .columns(['api_key_id', 'created_at'])
      .where(sql.ref('status'), '=', 'pending')
      .execute();

    // Settled totals move by what leaves (the old row, if it was settled) and what arrives (the new one).
    const add = (row: 'old' | 'new', sign: '' | '-') => `
          insert into usage_months (account_id, api_key_id, month, compressed_tokens, cost_nusd)
          values (${row}.account_id, coalesce(${row}.api_key_id, '${NO_KEY}'::uuid), date_trunc('month', ${row}.created_at at time zone 'UTC')::date,
                  ${sign}${row}.compressed_tokens, ${sign}${row}.cost_nusd)
          on conflict (account_id, api_key_id, month) do update
          set compressed_tokens = usage_months.compressed_tokens + excluded.compressed_tokens,
              cost_nusd = usage_months.cost_nusd + excluded.cost_nusd;`;
    await sql`
      create function usage_months_track() returns trigger
      language plpgsql as $$
      begin
        if tg_op <> 'INSERT' and old.status = 'settled' then${sql.raw(add('old', '-'))}
        end if;
        if tg_op <> 'DELETE' and new.status = 'settled' then${sql.raw(add('new', ''))}
        end if;
        return null;
      end
      $$`.execute(db);
    // Only rows that are or were settled call the function: a hold's insert stays as cheap as it was.
    await sql`create trigger usage_months_insert after insert on usage_events for each row when (new.status = 'settled') execute function usage_months_track()`.execute(db);
    await sql`create trigger usage_months_update after update on usage_events for each row when (old.status = 'settled' or new.status = 'settled') execute function usage_months_track()`.execute(db);
    await sql`create trigger usage_months_delete after delete on usage_events for each row when (old.status = 'settled') execute function usage_months_track()`.execute(db);

    await sql`
      insert into usage_months (account_id, api_key_id, month, compressed_tokens, cost_nusd)
      select account_id, coalesce(api_key_id, ${NO_KEY}::uuid), date_trunc('month', created_at at time zone 'UTC')::date, sum(compressed_tokens), sum(cost_nusd)
      from usage_events where status = 'settled'
      group by 1, 2, 3`.execute(db);
  },

  async down(db: Kysely<any>): Promise<void> {
    for (const t of ['insert', 'update', 'delete']) await sql`drop trigger if exists ${sql.raw(`usage_months_${t}`)} on usage_events`.execute(db);
    await sql`drop function if exists usage_months_track()`.execute(db);
    await db.schema.dropIndex('usage_events_key_pending_idx').ifExists().execute();
    await db.schema.dropTable('usage_months').ifExists().execute();
  },
};

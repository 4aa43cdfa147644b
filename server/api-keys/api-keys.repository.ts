import type { AccountRow, ApiKeyRow, ApiKeysTable } from '../db/database.js';
import type { Executor } from '../db/executor.js';
import type { Insertable } from 'kysely';

export async function insertApiKey(db: Executor, key: Insertable<ApiKeysTable>): Promise<ApiKeyRow> {
  return db.insertInto('api_keys').values(key).returningAll().executeTakeFirstOrThrow();
}

export async function listApiKeys(db: Executor, accountId: string): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
}

export async function findApiKey(db: Executor, accountId: string, id: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
}

const ACCOUNT_COLUMNS = ['id', 'email', 'password_hash', 'role', 'account_type', 'display_name', 'profile_created_at', 'balance_nusd', 'created_at', 'deleted_at'] as const;

/** The keys with this lookup prefix, each with its account (live accounts only), in one round trip. */
export async function findApiKeysWithAccountByPrefix(db: Executor, prefix: string): Promise<Array<{ key: ApiKeyRow; account: AccountRow }>> {
  const rows = await db
    .selectFrom('api_keys')
    .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
    .selectAll('api_keys')
    .select(ACCOUNT_COLUMNS.map((c) => `accounts.${c} as account__${c}` as const))
    .where('api_keys.prefix', '=', prefix)
    .where('accounts.deleted_at', 'is', null)
    .execute();
  return rows.map((r) => {
    const account = Object.fromEntries(ACCOUNT_COLUMNS.map((c) => [c, r[`account__${c}`]])) as AccountRow;
    const key = Object.fromEntries(Object.entries(r).filter(([k]) => !k.startsWith('account__'))) as ApiKeyRow;
    return { key, account };
  });
}

/** Locks one key row (budget checks serialize per key). */
export async function lockApiKey(tx: Executor, id: string): Promise<ApiKeyRow | undefined> {
  return tx.selectFrom('api_keys').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function countActiveApiKeys(db: Executor, accountId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setApiKeyBudget(db: Executor, id: string, budgetNusd: number | null): Promise<ApiKeyRow> {
  return db.updateTable('api_keys').set({ monthly_budget_nusd: budgetNusd }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function revokeApiKey(db: Executor, id: string, now: Date): Promise<ApiKeyRow> {
  await db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function revokeAccountApiKeys(db: Executor, accountId: string, now: Date): Promise<void> {
  await db.updateTable('api_keys').set({ revoked_at: now }).where('account_id', '=', accountId).where('revoked_at', 'is', null).execute();
}

export async function touchApiKey(db: Executor, id: string, now: Date): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
}

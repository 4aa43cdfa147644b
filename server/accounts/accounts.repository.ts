import type { AccountRow, NewAccount } from '../db/database.js';
import type { Executor } from '../db/executor.js';

export async function insertAccount(db: Executor, account: NewAccount): Promise<AccountRow> {
  return db.insertInto('accounts').values(account).returningAll().executeTakeFirstOrThrow();
}

export async function findAccountByEmail(db: Executor, email: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('email', '=', email).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function findAccountById(db: Executor, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Locks the account row for the rest of the transaction (balance changes serialize here). */
export async function lockAccount(tx: Executor, id: string): Promise<AccountRow | undefined> {
  return tx.selectFrom('accounts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateAccount(
  db: Executor,
  id: string,
  changes: Partial<Pick<AccountRow, 'display_name' | 'account_type' | 'profile_created_at' | 'email' | 'deleted_at'>>,
): Promise<AccountRow> {
  return db.updateTable('accounts').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Adds (or, negative, removes) nano-USD from the balance; returns the new balance. */
export async function addToBalance(db: Executor, id: string, deltaNusd: number): Promise<number> {
  const row = await db
    .updateTable('accounts')
    .set((eb) => ({ balance_nusd: eb('balance_nusd', '+', deltaNusd) }))
    .where('id', '=', id)
    .returning('balance_nusd')
    .executeTakeFirstOrThrow();
  return row.balance_nusd;
}

export async function countOtherAdmins(db: Executor, id: string): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('id', '!=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

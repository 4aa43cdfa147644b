import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { addToBalance, findAccountById, lockAccount } from '../accounts/accounts.repository.js';
import { lockApiKey } from '../api-keys/api-keys.repository.js';
import type { ModelId } from '../catalog/families.js';
import { finishInOneStatement, holdInOneStatement } from './holds.repository.js';
import { insertLedgerEntry } from './ledger.repository.js';
import { costNanoUsd, nanoToUsd, usdToNano } from '../catalog/prices.js';
import { findStalePending, keySpendThisMonth } from './usage.repository.js';

/** A pre-authorized request: its worst-case cost is held until settle or release. */
export interface Hold {
  usageEventId: string;
  accountId: string;
  reservedNusd: number;
  model: ModelId;
}

export interface AuthorizeInput {
  accountId: string;
  apiKeyId: string | null;
  requestId: string;
  family: string;
  model: ModelId;
  operation: 'single' | 'batch' | 'stream';
  /** Input tokens that will be charged at most. */
  worstCaseTokens: number;
  /** The request's `source` for its usage row (null: none sent). */
  source?: string | null;
  /**
   * What the caller last knew of the key: true sends the hold straight to the locked path that
   * checks the monthly budget. Only a hint (a stale one costs a round trip, never a wrong answer).
   */
  keyHasBudget?: boolean;
}

export interface Actual {
  /** Tokens of the texts (the usage row's and the response's original_tokens). */
  originalTokens: number;
  /** Tokens of the queries (the usage row's and the response's query_tokens); billed with the texts. Default 0. */
  queryTokens?: number;
  compressedTokens: number;
  rows: number;
}

const usd = (nano: number): string => `$${nanoToUsd(nano).toFixed(6).replace(/0+$/, '').replace(/\.$/, '')}`;

/**
 * Usage billing (`replicaId`: this process's lease, written on each hold; replica-lease.ts). Each step is one transaction that writes the usage row, the ledger entries
 * and the balance together, so a usage row is never lost and never counted twice. The common
 * steps are one statement each (holds.repository.ts): a hold for a key without a monthly
 * budget, every settle and every release.
 */
export function createBillingService({ db, clock, replicaId = null }: { db: Kysely<Database>; clock: () => Date; replicaId?: string | null }) {
  return {
    /**
     * Holds the worst-case cost against the account balance (429 `insufficient_credits`) and the
     * key's monthly budget (402 `api_key_budget_exceeded`); a revoked key or a deleted account is 401.
     * Concurrent holds serialize on the account row (and, for a key with a budget, on the key row,
     * locked account-then-key), so they can never overspend either.
     */
    async authorize(input: AuthorizeInput): Promise<Hold> {
      const cost = costNanoUsd(input.model, input.worstCaseTokens);
      const now = clock();
      const hold = (usageEventId: string): Hold => ({ usageEventId, accountId: input.accountId, reservedNusd: cost, model: input.model });
      // One round trip when nothing needs a second look: a live key without a budget and a balance that covers the cost.
      if (!input.keyHasBudget) {
        const id = await holdInOneStatement(db, { ...input, costNusd: cost, now, replicaId });
        if (id) return hold(id);
      }
      // The locked path: finds which rule refuses (and says so), or checks the key's monthly budget.
      return db.transaction().execute(async (tx) => {
        const account = await lockAccount(tx, input.accountId);
        if (!account || account.deleted_at) throw new ApiError('invalid_api_key', 'Invalid or revoked API key');
        if (input.apiKeyId) {
          const key = await lockApiKey(tx, input.apiKeyId);
          // The key was authenticated a moment ago, maybe from another replica's cache: a revocation counts here at once.
          if (!key || key.revoked_at) throw new ApiError('invalid_api_key', 'Invalid or revoked API key');
          if (key.monthly_budget_nusd !== null) {
            const spent = await keySpendThisMonth(tx, key.id, now);
            if (spent + cost > key.monthly_budget_nusd) {
              throw new ApiError('api_key_budget_exceeded', 'Monthly budget of this API key is exhausted', {
                detail: `budget ${usd(key.monthly_budget_nusd)}, spent ${usd(spent)}, this request needs up to ${usd(cost)}`,
              });
            }
          }
        }
        if (account.balance_nusd < cost) {
          throw new ApiError('insufficient_credits', 'Usage balance is too low for this request; waiting will not help, add credit', {
            detail: `balance ${usd(account.balance_nusd)}, this request needs up to ${usd(cost)}`,
          });
        }
        // Every rule holds under the locks taken above: the usage row, its ledger entry and the
        // balance go in one statement, as on the quick path.
        const id = await holdInOneStatement(tx, { ...input, costNusd: cost, now, replicaId, budgetChecked: true });
        if (!id) throw new Error('hold refused after its checks passed under lock');
        return hold(id);
      });
    },

    /**
     * 401 unless the key is live and its account not deleted: the check a free request (no
     * tokens, so no hold) gets, since its key may have come from a replica's cache.
     */
    async assertKeyLive(accountId: string, apiKeyId: string): Promise<void> {
      const live = await db
        .selectFrom('api_keys')
        .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
        .select('api_keys.id')
        .where('api_keys.id', '=', apiKeyId)
        .where('api_keys.account_id', '=', accountId)
        .where('api_keys.revoked_at', 'is', null)
        .where('accounts.deleted_at', 'is', null)
        .executeTakeFirst();
      if (!live) throw new ApiError('invalid_api_key', 'Invalid or revoked API key');
    },

    /** Charges the actual cost (never above the hold) and returns the rest. Idempotent: false when it was no longer pending. */
    async settle(hold: Hold, actual: Actual): Promise<boolean> {
      const queryTokens = actual.queryTokens ?? 0;
      const cost = Math.min(costNanoUsd(hold.model, actual.originalTokens + queryTokens), hold.reservedNusd);
      return finishInOneStatement(db, {
        usageEventId: hold.usageEventId,
        accountId: hold.accountId,
        reservedNusd: hold.reservedNusd,
        costNusd: cost,
        status: 'settled',
        originalTokens: actual.originalTokens,
        queryTokens,
        compressedTokens: actual.compressedTokens,
        rows: actual.rows,
        now: clock(),
      });
    },

    /** Returns the whole hold (the request failed before producing a result). Idempotent: false when it was no longer pending. */
    async release(hold: Hold): Promise<boolean> {
      return finishInOneStatement(db, {
        usageEventId: hold.usageEventId,
        accountId: hold.accountId,
        reservedNusd: hold.reservedNusd,
        costNusd: 0,
        status: 'released',
        originalTokens: 0,
        queryTokens: 0,
        compressedTokens: 0,
        rows: 0,
        now: clock(),
      });
    },

    /**
     * Releases holds left by a process that died mid-request (older than `olderThanMs`, or with
     * `byLease`, of a replica whose lease expired); returns how many this call released (others may race it).
     */
    async releaseStaleHolds(olderThanMs: number, byLease?: { exceptReplica: string }): Promise<number> {
      const stale = await findStalePending(db, new Date(clock().getTime() - olderThanMs), byLease);
      let released = 0;
      for (const event of stale) {
        if (await this.release({ usageEventId: event.id, accountId: event.account_id, reservedNusd: event.reserved_nusd, model: event.model as ModelId })) released++;
      }
      return released;
    },

    /** Admin credit top-up; returns the new balance in USD. */
    async topUp(accountId: string, amountUsd: number, note: string | undefined): Promise<number> {
      const amount = usdToNano(amountUsd);
      return db.transaction().execute(async (tx) => {
        const account = await lockAccount(tx, accountId);
        if (!account || account.deleted_at) throw new ApiError('not_found', 'Account not found', { field: 'account_id' });
        await insertLedgerEntry(tx, { account_id: accountId, kind: 'top_up', amount_nusd: amount, note: note ?? null });
        return nanoToUsd(await addToBalance(tx, accountId, amount));
      });
    },

    async balanceUsd(accountId: string): Promise<number> {
      const account = await findAccountById(db, accountId);
      return account ? nanoToUsd(account.balance_nusd) : 0;
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

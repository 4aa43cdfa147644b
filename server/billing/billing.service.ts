import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { addToBalance, findAccountById, lockAccount } from '../accounts/accounts.repository.js';
import { lockApiKey } from '../api-keys/api-keys.repository.js';
import type { ModelId } from '../compression/families.js';
import { insertLedgerEntry } from './ledger.repository.js';
import { costNanoUsd, nanoToUsd, usdToNano } from './prices.js';
import { finishUsageEvent, findStalePending, insertUsageEvent, keySpendThisMonth } from './usage.repository.js';

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
}

export interface Actual {
  /** Tokens of the texts (the usage row's original_tokens). */
  originalTokens: number;
  compressedTokens: number;
  rows: number;
  /** Tokens charged, when more than the texts (their queries too). Default originalTokens. */
  billedTokens?: number;
}

const usd = (nano: number): string => `$${nanoToUsd(nano).toFixed(6).replace(/0+$/, '').replace(/\.$/, '')}`;

/**
 * Usage billing. Each step is one transaction that writes the usage row, the ledger entries
 * and the balance together, so a usage row is never lost and never counted twice.
 */
export function createBillingService({ db, clock }: { db: Kysely<Database>; clock: () => Date }) {
  return {
    /**
     * Holds the worst-case cost against the account balance (429 `insufficient_balance`) and the
     * key's monthly budget (402 `budget_exceeded`). Rows are locked account-then-key, so
     * concurrent requests serialize and can never overspend either.
     */
    async authorize(input: AuthorizeInput): Promise<Hold> {
      const cost = costNanoUsd(input.model, input.worstCaseTokens);
      const now = clock();
      return db.transaction().execute(async (tx) => {
        const account = await lockAccount(tx, input.accountId);
        if (!account || account.deleted_at) throw new ApiError('invalid_api_key', 'Invalid or revoked API key');
        if (input.apiKeyId) {
          const key = await lockApiKey(tx, input.apiKeyId);
          if (key?.monthly_budget_nusd !== null && key?.monthly_budget_nusd !== undefined) {
            const spent = await keySpendThisMonth(tx, key.id, now);
            if (spent + cost > key.monthly_budget_nusd) {
              throw new ApiError('budget_exceeded', 'Monthly budget of this API key is exhausted', {
                detail: `budget ${usd(key.monthly_budget_nusd)}, spent ${usd(spent)}, this request needs up to ${usd(cost)}`,
              });
            }
          }
        }
        if (account.balance_nusd < cost) {
          throw new ApiError('insufficient_balance', 'Usage balance is too low for this request; waiting will not help, add credit', {
            detail: `balance ${usd(account.balance_nusd)}, this request needs up to ${usd(cost)}`,
          });
        }
        const event = await insertUsageEvent(tx, {
          request_id: input.requestId,
          account_id: input.accountId,
          api_key_id: input.apiKeyId,
          family: input.family,
          model: input.model,
          operation: input.operation,
          status: 'pending',
          rows: 0,
          original_tokens: 0,
          compressed_tokens: 0,
          reserved_nusd: cost,
          cost_nusd: 0,
          created_at: now,
          settled_at: null,
        });
        await insertLedgerEntry(tx, { account_id: input.accountId, kind: 'hold', amount_nusd: -cost, usage_event_id: event.id });
        await addToBalance(tx, input.accountId, -cost);
        return { usageEventId: event.id, accountId: input.accountId, reservedNusd: cost, model: input.model };
      });
    },

    /** Charges the actual cost (never above the hold) and returns the rest. Idempotent. */
    async settle(hold: Hold, actual: Actual): Promise<void> {
      const cost = Math.min(costNanoUsd(hold.model, actual.billedTokens ?? actual.originalTokens), hold.reservedNusd);
      await db.transaction().execute(async (tx) => {
        const done = await finishUsageEvent(tx, hold.usageEventId, {
          status: 'settled',
          cost_nusd: cost,
          original_tokens: actual.originalTokens,
          compressed_tokens: actual.compressedTokens,
          rows: actual.rows,
          settled_at: clock(),
        });
        if (!done) return;
        await insertLedgerEntry(tx, { account_id: hold.accountId, kind: 'release', amount_nusd: hold.reservedNusd, usage_event_id: hold.usageEventId });
        await insertLedgerEntry(tx, { account_id: hold.accountId, kind: 'charge', amount_nusd: -cost, usage_event_id: hold.usageEventId });
        await addToBalance(tx, hold.accountId, hold.reservedNusd - cost);
      });
    },

    /** Returns the whole hold (the request failed before producing a result). Idempotent: false when it was no longer pending. */
    async release(hold: Hold): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const done = await finishUsageEvent(tx, hold.usageEventId, {
          status: 'released',
          cost_nusd: 0,
          original_tokens: 0,
          compressed_tokens: 0,
          rows: 0,
          settled_at: clock(),
        });
        if (!done) return false;
        await insertLedgerEntry(tx, { account_id: hold.accountId, kind: 'release', amount_nusd: hold.reservedNusd, usage_event_id: hold.usageEventId });
        await addToBalance(tx, hold.accountId, hold.reservedNusd);
        return true;
      });
    },

    /** Releases holds left by a process that died mid-request; returns how many this call released (others may race it). */
    async releaseStaleHolds(olderThanMs: number): Promise<number> {
      const stale = await findStalePending(db, new Date(clock().getTime() - olderThanMs));
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

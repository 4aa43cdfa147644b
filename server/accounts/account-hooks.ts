import type { Tier } from '../catalog/tiers.js';
import type { Executor } from '../db/executor.js';

/**
 * What accounts reads from billing and does in api-keys, wired once in server/services.ts:
 * accounts sits below both in the folder graph (docs/architecture.md), so it names none of their code.
 */
export interface AccountHooks {
  /** The signup grant's ledger entry; the new account row already holds `amountNusd`. */
  recordSignupGrant(tx: Executor, accountId: string, amountNusd: number): Promise<void>;
  accountTier(db: Executor, accountId: string, now: Date): Promise<Tier>;
  monthlyCompressedTokens(db: Executor, accountId: string, now: Date): Promise<number>;
  /** Billable requests of the account still in flight (an account with one cannot be deleted). */
  countPending(db: Executor, accountId: string): Promise<number>;
  /** Revokes every key of a deleted account, inside its deletion transaction. */
  revokeApiKeys(tx: Executor, accountId: string, now: Date): Promise<void>;
}

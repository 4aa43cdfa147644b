import type { Executor } from '../db/executor.js';
import { monthStart, tierForMonthlyTokens, type Tier } from '../catalog/tiers.js';
import { monthlyCompressedTokens } from './usage.repository.js';

/** The account's tier from its compressed tokens this calendar month. */
export async function accountTier(db: Executor, accountId: string, now: Date): Promise<Tier> {
  return tierForMonthlyTokens(await monthlyCompressedTokens(db, accountId, now));
}

/** How long a replica trusts an account's monthly total before reading it again. */
export const TIER_CACHE_MS = 5_000;

export interface TierCacheOptions {
  db: Executor;
  clock: () => Date;
  /** Default TIER_CACHE_MS. */
  ttlMs?: number;
  /** Accounts remembered at most (least recently read dropped first). Default 10,000. */
  maxAccounts?: number;
}

/**
 * The tier of the compression routes' hot path without a database read per request: each account's
 * monthly tokens are read at most once per `ttlMs` per replica, plus this replica's own settled usage as it
 * happens; other replicas' usage shows within `ttlMs`. Only limits depend on it, so a few seconds' age is
 * harmless; money (balance, budgets) is never cached.
 */
export function createTierCache({ db, clock, ttlMs = TIER_CACHE_MS, maxAccounts = 10_000 }: TierCacheOptions) {
  const entries = new Map<string, { tokens: number; month: number; readAt: number }>();
  // One read in flight per account: concurrent requests of a cold account share it.
  const reading = new Map<string, Promise<number>>();

  async function read(accountId: string, now: Date): Promise<number> {
    let p = reading.get(accountId);
    if (!p) {
      p = monthlyCompressedTokens(db, accountId, now).finally(() => reading.delete(accountId));
      reading.set(accountId, p);
    }
    return p;
  }

  return {
    async tierOf(accountId: string): Promise<Tier> {
      const now = clock();
      const month = monthStart(now).getTime();
      const hit = entries.get(accountId);
      if (hit && hit.month === month && now.getTime() - hit.readAt < ttlMs) return tierForMonthlyTokens(hit.tokens);
      const readAt = now.getTime();
      const tokens = await read(accountId, now);
      entries.delete(accountId);
      if (entries.size >= maxAccounts) entries.delete(entries.keys().next().value!);
      entries.set(accountId, { tokens, month, readAt });
      return tierForMonthlyTokens(tokens);
    },

    /** Adds this replica's settled usage to the account's cached total (nothing when not cached). */
    record(accountId: string, compressedTokens: number, at: Date = clock()): void {
      const hit = entries.get(accountId);
      if (hit && hit.month === monthStart(at).getTime()) hit.tokens += compressedTokens;
    },

    /** Drops an account's cached total (the next request reads it). */
    forget(accountId: string): void {
      entries.delete(accountId);
    },
  };
}

export type TierCache = ReturnType<typeof createTierCache>;

import type { Executor } from '../db/executor.js';
import { tierForMonthlyTokens, type Tier } from './tiers.js';
import { monthlyCompressedTokens } from './usage.repository.js';

/** The account's tier from its compressed tokens this calendar month. */
export async function accountTier(db: Executor, accountId: string, now: Date): Promise<Tier> {
  return tierForMonthlyTokens(await monthlyCompressedTokens(db, accountId, now));
}

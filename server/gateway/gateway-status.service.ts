import type { Kysely } from 'kysely';
import type { components } from '../../generated/schema.js';
import type { KeyPrincipal } from '../api-keys/api-keys.service.js';
import { toApiKey } from '../api-keys/api-keys.service.js';
import { findAccountById } from '../accounts/accounts.repository.js';
import { accountTier } from '../billing/account-tier.js';
import { nanoToUsd } from '../catalog/prices.js';
import { keySpendThisMonth } from '../billing/usage.repository.js';
import type { Database } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { accountActivity } from './gateway-status.repository.js';

type GatewayStatus = components['schemas']['GatewayStatusResult'];

/** Percent of `budget` that `spent` is, 0..100 with two decimals; 0 when there is no budget. */
function percentOf(spentNusd: number, budgetNusd: number | null): number {
  if (!budgetNusd) return 0;
  return Math.min(100, Math.round((spentNusd / budgetNusd) * 10_000) / 100);
}

/** The status line of `crema status` and of the hosted service's gateway, for the key's account. */
export function createGatewayStatusService({ db, clock }: { db: Kysely<Database>; clock: () => Date }) {
  return {
    async status(principal: KeyPrincipal): Promise<GatewayStatus> {
      const now = clock();
      // The principal may come from the key cache: money is read fresh, never from it.
      const [account, tier, activity, keySpent] = await Promise.all([
        findAccountById(db, principal.account.id),
        accountTier(db, principal.account.id, now),
        accountActivity(db, principal.account.id, now),
        keySpendThisMonth(db, principal.key.id, now),
      ]);
      if (!account) throw new ApiError('invalid_api_key', 'Invalid or revoked API key');
      const key = principal.key;
      return {
        tier: tier.name,
        credits_remaining_usd: nanoToUsd(account.balance_nusd),
        credits_used_this_month: nanoToUsd(activity.spentThisMonthNusd),
        monthly_budget_usd: key.monthly_budget_nusd === null ? 0 : nanoToUsd(key.monthly_budget_nusd),
        usage_percent: percentOf(keySpent, key.monthly_budget_nusd),
        requests_today: activity.requestsToday,
        requests_this_month: activity.requestsThisMonth,
        daily_request_limit: tier.rate_limits.rpd === -1 ? null : tier.rate_limits.rpd,
        is_admin: account.role === 'admin',
        account_email: account.email,
        key: toApiKey(key, keySpent, now),
      };
    },
  };
}

export type GatewayStatusService = ReturnType<typeof createGatewayStatusService>;

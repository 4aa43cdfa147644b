import type { Kysely } from 'kysely';
import type { AccountHooks } from './accounts/account-hooks.js';
import { revokeAccountApiKeys } from './api-keys/api-keys.repository.js';
import { accountTier } from './billing/account-tier.js';
import { insertLedgerEntry } from './billing/ledger.repository.js';
import { countPendingForAccount, keySpendThisMonth, monthlyCompressedTokens } from './billing/usage.repository.js';
import { createAuthService } from './accounts/auth.service.js';
import { createLoginThrottle } from './accounts/login-throttle.js';
import { createProfileService } from './accounts/profile.service.js';
import { createApiKeysService } from './api-keys/api-keys.service.js';
import { createHostedKeysService } from './api-keys/hosted-keys.service.js';
import { createTierCache } from './billing/account-tier.js';
import { createBillingService } from './billing/billing.service.js';
import { createMeter } from './billing/meter.js';
import { trackOpenHolds } from './billing/open-holds.js';
import { createStopSignal } from './http/stop-signal.js';
import { createGatewayStatusService } from './gateway/gateway-status.service.js';
import type { Database } from './db/database.js';
import type { QuotaStore } from './rate-limit/quota.js';
import { createUsageService } from './usage/usage.service.js';
import { createUsageStatsService } from './usage/usage-stats.service.js';
import { createRequestLimits } from './rate-limit/request-limits.js';

export interface ServiceDeps {
  db: Kysely<Database>;
  quotas: QuotaStore;
  clock: () => Date;
  sessionTtlMs: number;
  /** ADMIN_EMAIL: the account that becomes admin at signup. */
  adminEmail?: string | undefined;
  /** SIGNUP: `closed` lets only ADMIN_EMAIL sign up. */
  signup?: 'open' | 'closed' | undefined;
  /** Take a request's hold while its work runs (default true; server/billing/meter.ts). */
  overlapHold?: boolean;
  /** This process's replica lease id, written on every hold (server/billing/replica-lease.ts). */
  replicaId?: string | null;
  /** scrypt N for new password hashes (server/security/secrets.ts); only tests lower it. */
  passwordHashCost?: number;
}

/** Every domain service, wired once; routes and tests share the same instances. */
export function createServices(deps: ServiceDeps) {
  const { db, clock } = deps;
  // Open holds are remembered so a stopping process releases those of requests it could not finish.
  const billing = trackOpenHolds(createBillingService({ db, clock, replicaId: deps.replicaId ?? null }));
  const limits = createRequestLimits(deps.quotas);
  const tiers = createTierCache({ db, clock });
  // Cross-domain effects, wired here so lower domains name no code of higher ones (docs/architecture.md).
  const accountHooks: AccountHooks = {
    recordSignupGrant: (tx, accountId, amountNusd) => insertLedgerEntry(tx, { account_id: accountId, kind: 'grant', amount_nusd: amountNusd, note: 'starting credit' }),
    accountTier,
    monthlyCompressedTokens,
    countPending: countPendingForAccount,
    revokeApiKeys: revokeAccountApiKeys,
  };
  const keys = createApiKeysService({ db, clock, billing: { accountTier, keySpendThisMonth } });
  return {
    auth: createAuthService({
      db,
      clock,
      sessionTtlMs: deps.sessionTtlMs,
      adminEmail: deps.adminEmail,
      signup: deps.signup,
      loginThrottle: createLoginThrottle(deps.quotas),
      recordSignupGrant: accountHooks.recordSignupGrant,
      passwordHashCost: deps.passwordHashCost,
    }),
    keys,
    hostedKeys: createHostedKeysService({ db, clock, keys }),
    profiles: createProfileService({
      db,
      clock,
      hooks: accountHooks,
      onAccountDeleted: (accountId) => {
        keys.forgetAccount(accountId);
        tiers.forget(accountId);
      },
    }),
    usage: createUsageService({ db, clock }),
    gateway: createGatewayStatusService({ db, clock }),
    usageStats: createUsageStatsService({ db, clock }),
    billing,
    limits,
    tiers,
    meter: createMeter({ billing, limits, tiers, overlapHold: deps.overlapHold }),
    /** Stopped by main.ts when a SIGTERM's grace period is over (server/http/graceful-stop.ts). */
    stop: createStopSignal(),
  };
}

export type Services = ReturnType<typeof createServices>;

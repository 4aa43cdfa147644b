import type { Kysely } from 'kysely';
import type { components } from '../../generated/schema.js';
import type { Principal } from '../accounts/auth.service.js';
import { nanoToUsd } from '../catalog/prices.js';
import { monthStart } from '../catalog/tiers.js';
import type { Database } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import type { ApiKeysService } from './api-keys.service.js';
import { keyUsageCounts, type KeyUsageCounts } from './key-usage.repository.js';

type S = components['schemas'];

/** The hosted API gives a key without an explicit `expires_at` thirty days. */
const DEFAULT_KEY_LIFETIME_MS = 30 * 86_400_000;

const NO_USAGE: KeyUsageCounts = { requestsAllTime: 0, requestsThisMonth: 0, costThisMonthNusd: 0 };
const STATUS = { ACTIVE: 'active', REVOKED: 'revoked', EXPIRED: 'expired' } as const satisfies Record<S['ApiKeyStatus'], S['HostedApiKeyStatus']>;
const preview = (prefix: string): string => `${prefix}…`;

/** The one crema key -> hosted API key mapping (`APIKeyResult` plus crema's budget fields). */
function toHostedApiKey(key: S['ApiKey'], totalRequests: number): S['HostedApiKey'] {
  return {
    id: key.id,
    name: key.name,
    scope: key.scope,
    status: STATUS[key.status],
    billing_mode: 'prepaid',
    key_preview: preview(key.prefix),
    key_plain: null,
    last_used_at: key.last_used_at,
    total_requests: totalRequests,
    created_at: key.created_at,
    expires_at: key.expires_at,
    daily_limit: key.daily_request_cap,
    daily_requests_remaining: null,
    company_name: null,
    prefix: key.prefix,
    monthly_budget_usd: key.monthly_budget_usd,
    spent_this_month_usd: key.spent_this_month_usd,
    revoked_at: key.revoked_at,
  };
}

/**
 * The hosted API's key routes (`/api/api-keys`) over crema's key service: the same keys, rules
 * and caps as `/api/keys`, in the hosted API's shapes and defaults.
 */
export function createHostedKeysService({ db, clock, keys }: { db: Kysely<Database>; clock: () => Date; keys: ApiKeysService }) {
  const usage = (principal: Principal) => keyUsageCounts(db, principal.account.id, monthStart(clock()));

  return {
    /** Live keys in `data`; revoked ones only summed, as the hosted API's dashboard shows them. */
    async list(principal: Principal): Promise<{ data: S['HostedApiKey'][]; revoked_summary: S['RevokedKeysSummary'] }> {
      const [all, counts] = await Promise.all([keys.list(principal), usage(principal)]);
      const revoked = all.filter((k) => k.status === 'REVOKED');
      const of = (id: string) => counts.get(id) ?? NO_USAGE;
      const latest = revoked.map((k) => k.revoked_at!).sort().at(-1) ?? null;
      return {
        data: all.filter((k) => k.status !== 'REVOKED').map((k) => toHostedApiKey(k, of(k.id).requestsAllTime)),
        revoked_summary: {
          count: revoked.length,
          total_requests_all_time: revoked.reduce((n, k) => n + of(k.id).requestsAllTime, 0),
          total_requests_this_month: revoked.reduce((n, k) => n + of(k.id).requestsThisMonth, 0),
          total_usage_this_month_usd: nanoToUsd(revoked.reduce((n, k) => n + of(k.id).costThisMonthNusd, 0)),
          latest_revoked_at: latest,
        },
      };
    },

    async get(principal: Principal, keyId: string): Promise<S['HostedApiKey']> {
      const key = await keys.get(principal, keyId);
      return toHostedApiKey(key, ((await usage(principal)).get(key.id) ?? NO_USAGE).requestsAllTime);
    },

    /** `expires_at` omitted: 30 days; null: never. `enterprise` (postpaid, admin-approved) is not offered: 400. */
    async create(principal: Principal, input: S['HostedApiKeyCreateRequest']): Promise<S['HostedApiKeyCreated']> {
      if (input.scope === 'enterprise') {
        throw new ApiError('bad_request', 'Enterprise keys are not offered by this server', {
          field: 'scope',
          detail: 'crema issues user and demo keys, billed from the account credit',
        });
      }
      const expiresAt = input.expires_at === undefined ? new Date(clock().getTime() + DEFAULT_KEY_LIFETIME_MS).toISOString() : input.expires_at;
      const created = await keys.create(principal, {
        name: input.name,
        scope: input.scope ?? 'user',
        ...(expiresAt !== null ? { expires_at: expiresAt } : {}),
        ...(input.daily_limit != null ? { daily_request_cap: input.daily_limit } : {}),
      });
      return {
        id: created.id,
        name: created.name,
        scope: created.scope,
        status: STATUS[created.status],
        billing_mode: 'prepaid',
        key: created.key,
        key_preview: preview(created.prefix),
        created_at: created.created_at,
        expires_at: created.expires_at,
        company_name: null,
        daily_limit: created.daily_request_cap,
      };
    },

    async revoke(principal: Principal, keyId: string): Promise<void> {
      await keys.revoke(principal, keyId);
    },
  };
}

export type HostedKeysService = ReturnType<typeof createHostedKeysService>;

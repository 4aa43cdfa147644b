import type { Kysely } from 'kysely';
import type { components } from '../../generated/schema.js';
import type { Principal } from '../accounts/auth.service.js';
import type { AccountRow, ApiKeyRow, Database } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { nanoToUsd, usdToNano } from '../catalog/prices.js';
import type { Executor } from '../db/executor.js';
import type { Tier } from '../catalog/tiers.js';
import { API_KEY, isWellFormed, issueToken, lookupOf, matchDigest } from '../security/opaque-token.js';
import { sha256Hex } from '../security/secrets.js';
import { createPrincipalCache, type PrincipalCache } from './principal-cache.js';
import {
  countActiveApiKeys,
  findApiKey,
  findApiKeysWithAccountByPrefix,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  setApiKeyBudget,
  touchApiKey,
} from './api-keys.repository.js';

type ApiKey = components['schemas']['ApiKey'];
type ApiKeyCreated = components['schemas']['ApiKeyCreated'];
type ApiKeyCreateRequest = components['schemas']['ApiKeyCreateRequest'];

/** The account and key behind a valid `X-API-Key`. */
export interface KeyPrincipal {
  key: ApiKeyRow;
  account: AccountRow;
}

const isExpired = (key: ApiKeyRow, now: Date) => !!key.expires_at && key.expires_at.getTime() <= now.getTime();

function keyStatus(row: ApiKeyRow, now: Date): ApiKey['status'] {
  if (row.revoked_at) return 'REVOKED';
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) return 'EXPIRED';
  return 'ACTIVE';
}

/** The one row -> API mapping for keys (never includes the secret). */
export function toApiKey(row: ApiKeyRow, spentNusd: number, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    status: keyStatus(row, now),
    monthly_budget_usd: row.monthly_budget_nusd === null ? null : nanoToUsd(row.monthly_budget_nusd),
    spent_this_month_usd: nanoToUsd(spentNusd),
    expires_at: row.expires_at?.toISOString() ?? null,
    daily_request_cap: row.daily_request_cap,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

export interface ApiKeysServiceDeps {
  db: Kysely<Database>;
  clock: () => Date;
  /** Recently authenticated keys (shared with whatever else must forget them); a private one by default. */
  principals?: PrincipalCache;
  /** Billing's reads, wired in services.ts: api-keys sits below billing in the folder graph. */
  billing: KeyBilling;
}

/** What keys read from billing: the tier (its key cap) and a key's spend this month. */
interface KeyBilling {
  accountTier(db: Executor, accountId: string, now: Date): Promise<Tier>;
  keySpendThisMonth(db: Executor, apiKeyId: string, now: Date): Promise<number>;
}

/** Issue, list, read, re-budget, revoke and authenticate API keys. */
export function createApiKeysService({ db, clock, principals = createPrincipalCache(), billing }: ApiKeysServiceDeps) {
  async function present(row: ApiKeyRow): Promise<ApiKey> {
    const now = clock();
    return toApiKey(row, await billing.keySpendThisMonth(db, row.id, now), now);
  }

  async function owned(principal: Principal, keyId: string): Promise<ApiKeyRow> {
    const row = await findApiKey(db, principal.account.id, keyId);
    if (!row) throw new ApiError('not_found', 'API key not found', { field: 'key_id' });
    return row;
  }

  return {
    /**
     * Creates a key. `replacing` picks ACTIVE keys of the account to revoke in the same
     * transaction, before the tier's cap is counted: the CLI login rotates its own key this way.
     */
    async create(principal: Principal, input: ApiKeyCreateRequest, replacing?: (key: ApiKeyRow) => boolean): Promise<ApiKeyCreated> {
      const now = clock();
      if (input.expires_at !== undefined && new Date(input.expires_at).getTime() <= now.getTime()) {
        throw new ApiError('validation_error', 'expires_at must be in the future', { field: 'expires_at' });
      }
      const issued = issueToken(API_KEY);
      const row = await db.transaction().execute(async (tx) => {
        // Counting and inserting under the account's lock keeps the tier's key cap exact.
        await tx.selectFrom('accounts').select('id').where('id', '=', principal.account.id).forUpdate().execute();
        const replaced = replacing ? (await listApiKeys(tx, principal.account.id)).filter((k) => keyStatus(k, now) === 'ACTIVE' && replacing(k)) : [];
        for (const old of replaced) {
          await revokeApiKey(tx, old.id, now);
          principals.forgetKey(old.id);
        }
        const tier = await billing.accountTier(tx, principal.account.id, now);
        if ((await countActiveApiKeys(tx, principal.account.id, now)) >= tier.max_api_keys) {
          throw new ApiError('key_limit_reached', `${tier.display_name} allows ${tier.max_api_keys} active API keys`, {
            detail: 'Delete a key or reach a higher tier',
          });
        }
        return insertApiKey(tx, {
          account_id: principal.account.id,
          name: input.name,
          prefix: issued.lookup,
          key_hash: issued.digest,
          scope: input.scope ?? 'user',
          monthly_budget_nusd: input.monthly_budget_usd === undefined ? null : usdToNano(input.monthly_budget_usd),
          daily_request_cap: input.daily_request_cap ?? null,
          expires_at: input.expires_at ?? null,
          last_used_at: null,
          revoked_at: null,
        });
      });
      return { ...toApiKey(row, 0, now), key: issued.value };
    },

    async list(principal: Principal): Promise<ApiKey[]> {
      return Promise.all((await listApiKeys(db, principal.account.id)).map(present));
    },

    async get(principal: Principal, keyId: string): Promise<ApiKey> {
      return present(await owned(principal, keyId));
    },

    async updateBudget(principal: Principal, keyId: string, budgetUsd: number | null): Promise<ApiKey> {
      const row = await owned(principal, keyId);
      const updated = await setApiKeyBudget(db, row.id, budgetUsd === null ? null : usdToNano(budgetUsd));
      principals.forgetKey(row.id);
      return present(updated);
    },

    async revoke(principal: Principal, keyId: string): Promise<ApiKey> {
      const row = await owned(principal, keyId);
      const revoked = await revokeApiKey(db, row.id, clock());
      principals.forgetKey(row.id);
      return present(revoked);
    },

    /**
     * The key logout: revokes the presented key (an expired one too) and returns its id, or null
     * when it was already revoked (the hosted API's logout is idempotent). A malformed or unknown
     * value is 401 `invalid_api_key`: nothing to log out of.
     */
    async logout(value: string): Promise<string | null> {
      if (!isWellFormed(API_KEY, value)) throw new ApiError('invalid_api_key', 'Invalid or revoked API key');
      const candidates = await findApiKeysWithAccountByPrefix(db, lookupOf(value));
      const match = matchDigest(value, candidates.map((c) => ({ ...c, digest: c.key.key_hash })));
      if (!match) throw new ApiError('invalid_api_key', 'Invalid or revoked API key');
      principals.forgetKey(match.key.id);
      if (match.key.revoked_at) return null;
      await revokeApiKey(db, match.key.id, clock());
      return match.key.id;
    },

        /**
         * Resolves a presented key: 401 `invalid_api_key` when malformed, unknown, revoked or its account
         * deleted; 401 `expired_api_key` after expiry. Recently read keys come from memory (principal-cache.ts);
         * otherwise key and account are read in one round trip and `last_used_at` is written.
         */
    async authenticate(value: string): Promise<KeyPrincipal> {
      const invalid = () => new ApiError('invalid_api_key', 'Invalid or revoked API key');
      if (!isWellFormed(API_KEY, value)) throw invalid();
      const now = clock();
      const digest = sha256Hex(value);
      let principal = principals.get(digest, now.getTime());
      if (!principal) {
        const candidates = await findApiKeysWithAccountByPrefix(db, lookupOf(value));
        const match = matchDigest(value, candidates.map((c) => ({ ...c, digest: c.key.key_hash })));
        if (!match || match.key.revoked_at) throw invalid();
        principal = { key: match.key, account: match.account };
        if (!isExpired(match.key, now)) {
          await touchApiKey(db, match.key.id, now);
          principals.set(digest, principal, now.getTime());
        }
      }
      if (isExpired(principal.key, now)) {
        throw new ApiError('expired_api_key', 'API key has expired', { detail: `expired at ${principal.key.expires_at!.toISOString()}` });
      }
      return principal;
    },

    /** Forgets every cached key of an account (it was deleted). */
    forgetAccount(accountId: string): void {
      principals.forgetAccount(accountId);
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

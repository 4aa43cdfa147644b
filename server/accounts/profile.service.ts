import type { Kysely } from 'kysely';
import type { components } from '../../generated/schema.js';
import type { AccountRow, Database } from '../db/database.js';
import { ApiError } from '../http/api-error.js';
import { nanoToUsd } from '../catalog/prices.js';
import { modelLimits } from '../catalog/tiers.js';
import type { AccountHooks } from './account-hooks.js';
import { countOtherAdmins, findAccountById, lockAccount, updateAccount } from './accounts.repository.js';
import type { Principal } from './auth.service.js';
import { revokeAccountSessions } from './sessions.repository.js';

type Profile = components['schemas']['Profile'];
type AccountType = components['schemas']['AccountType'];
type ProfileCreateRequest = components['schemas']['ProfileCreateRequest'];
type ProfileUpdateRequest = components['schemas']['ProfileUpdateRequest'];
type RateLimitsData = components['schemas']['RateLimitsResponse']['data'];
type CanDeleteData = components['schemas']['CanDeleteResponse']['data'];

/** `account_type` may be set once: setting the same value again is fine, changing it is not. */
function checkAccountType(current: AccountRow['account_type'], wanted: AccountType | undefined): AccountType | null {
  if (wanted === undefined || wanted === current) return current;
  if (current !== null) {
    throw new ApiError('account_type_immutable', 'account_type cannot change once set', {
      field: 'account_type',
      detail: `it is ${current}`,
    });
  }
  return wanted;
}

/** The seven profile operations. `onAccountDeleted` lets caches of the account forget it; `hooks` reach billing and api-keys. */
export function createProfileService({
  db,
  clock,
  hooks,
  onAccountDeleted,
}: {
  db: Kysely<Database>;
  clock: () => Date;
  hooks: Omit<AccountHooks, 'recordSignupGrant'>;
  onAccountDeleted?: (accountId: string) => void;
}) {
  async function fresh(principal: Principal): Promise<AccountRow> {
    const account = await findAccountById(db, principal.account.id);
    if (!account) throw new ApiError('authentication_error', 'Account no longer exists');
    return account;
  }

  async function canDelete(account: AccountRow): Promise<CanDeleteData> {
    const reasons: string[] = [];
    if (account.role === 'admin' && (await countOtherAdmins(db, account.id)) === 0) {
      reasons.push('the last admin account cannot be deleted');
    }
    if ((await hooks.countPending(db, account.id)) > 0) reasons.push('a billable request is in flight');
    return { can_delete: reasons.length === 0, reasons };
  }

  return {
    async create(principal: Principal, input: ProfileCreateRequest): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const account = await lockAccount(tx, principal.account.id);
        if (!account) throw new ApiError('authentication_error', 'Account no longer exists');
        if (account.profile_created_at) throw new ApiError('profile_exists', 'The profile already exists; use PATCH /api/profile/me');
        await updateAccount(tx, account.id, {
          profile_created_at: clock(),
          account_type: checkAccountType(account.account_type, input.account_type),
          ...(input.display_name !== undefined ? { display_name: input.display_name } : {}),
        });
      });
    },

    async get(principal: Principal): Promise<Profile> {
      const account = await fresh(principal);
      const now = clock();
      const monthly = await hooks.monthlyCompressedTokens(db, account.id, now);
      const balance = nanoToUsd(account.balance_nusd);
      return {
        id: account.id,
        user_id: account.id,
        is_admin: account.role === 'admin',
        email: account.email,
        display_name: account.display_name,
        full_name: account.display_name,
        role: account.role,
        // The hosted API's type has no null: unset reads as its default, and account_type_set tells the two apart.
        account_type: account.account_type ?? 'user',
        account_type_set: account.account_type !== null,
        tier: (await hooks.accountTier(db, account.id, now)).name,
        balance_usd: balance,
        wallet_balance: balance,
        monthly_compressed_tokens: monthly,
        profile_created: account.profile_created_at !== null,
        created_at: account.created_at.toISOString(),
      };
    },

    async update(principal: Principal, input: ProfileUpdateRequest): Promise<Profile> {
      await db.transaction().execute(async (tx) => {
        const account = await lockAccount(tx, principal.account.id);
        if (!account) throw new ApiError('authentication_error', 'Account no longer exists');
        // The hosted API names the same field full_name; crema's own name wins when both are sent.
        const name = input.display_name !== undefined ? input.display_name : input.full_name;
        await updateAccount(tx, account.id, {
          account_type: checkAccountType(account.account_type, input.account_type),
          ...(name !== undefined ? { display_name: name } : {}),
        });
      });
      return this.get(principal);
    },

    async rateLimits(principal: Principal): Promise<RateLimitsData> {
      const tier = await hooks.accountTier(db, principal.account.id, clock());
      return {
        tier: tier.name,
        ...tier.rate_limits,
        display_name: tier.display_name,
        max_api_keys: tier.max_api_keys,
        rate_limits: tier.rate_limits,
        model_limits: modelLimits(tier),
      };
    },

    async canDelete(principal: Principal): Promise<CanDeleteData> {
      return canDelete(await fresh(principal));
    },

    /** Revokes every key and session and retires the account; usage rows stay for accounting. */
    async delete(principal: Principal, confirmation: string): Promise<void> {
      if (confirmation !== 'DELETE') {
        throw new ApiError('confirmation_mismatch', 'confirmation must be exactly DELETE', { field: 'confirmation' });
      }
      const account = await fresh(principal);
      const verdict = await canDelete(account);
      if (!verdict.can_delete) throw new ApiError('cannot_delete', 'This account cannot be deleted now', { detail: verdict.reasons.join('; ') });
      const now = clock();
      await db.transaction().execute(async (tx) => {
        await hooks.revokeApiKeys(tx, account.id, now);
        await revokeAccountSessions(tx, account.id, now);
        // Frees the email for a new signup while the row keeps the usage history attached.
        await updateAccount(tx, account.id, { deleted_at: now, email: `deleted:${account.id}:${account.email}` });
      });
      onAccountDeleted?.(account.id);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;

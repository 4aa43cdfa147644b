import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { insertAccount } from '../accounts/accounts.repository.js';
import { findApiKeysWithAccountByPrefix, insertApiKey, touchApiKey } from '../api-keys/api-keys.repository.js';
import type { Database } from '../db/database.js';
import { inRolledBackTransaction } from '../db/rolled-back.js';
import { finishInOneStatement, holdInOneStatement } from './holds.repository.js';
import { keySpendThisMonth, monthlyCompressedTokens } from './usage.repository.js';

/**
 * Runs a charged request's statements (key lookup and touch, tier and budget reads, hold, settle,
 * release) for a throwaway account and key, `rounds` times (default 3), each rolled back: nothing is
 * charged or kept (a ledger id is used up, as by any rolled-back insert). On PGlite this compiles the
 * database's WebAssembly for them, which the first charged request after a restart paid (docs/operations.md).
 */
export async function warmBilling(db: Kysely<Database>, { rounds = 3, clock = () => new Date() }: { rounds?: number; clock?: () => Date } = {}): Promise<{ rounds: number; ms: number }> {
  const started = Date.now();
  for (let i = 0; i < rounds; i++) await chargeRolledBack(db, clock());
  return { rounds, ms: Date.now() - started };
}

async function chargeRolledBack(db: Kysely<Database>, now: Date): Promise<void> {
  await inRolledBackTransaction(db, async (tx) => {
    const account = await insertAccount(tx, {
      email: `warm-up-${randomUUID()}@crema.invalid`,
      password_hash: '!',
      role: 'user',
      account_type: null,
      display_name: null,
      profile_created_at: null,
      balance_nusd: 1_000_000,
      deleted_at: null,
    });
    const prefix = `warm-${randomUUID()}`;
    const key = await insertApiKey(tx, {
      account_id: account.id,
      name: 'warm-up',
      prefix,
      key_hash: '!',
      scope: 'user',
      monthly_budget_nusd: null,
      daily_request_cap: null,
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
    });
    await findApiKeysWithAccountByPrefix(tx, prefix);
    await touchApiKey(tx, key.id, now);
    await monthlyCompressedTokens(tx, account.id, now);
    await keySpendThisMonth(tx, key.id, now);
    // Settled at less than, then at exactly, the hold (two texts of the settle statement), then a release.
    for (const [costNusd, status] of [[600, 'settled'], [1_000, 'settled'], [0, 'released']] as const) {
      const hold = { accountId: account.id, apiKeyId: key.id, family: 'warm-up', model: 'warm-up', operation: 'single', costNusd: 1_000, now } as const;
      const id = await holdInOneStatement(tx, { ...hold, requestId: `warm-up-${randomUUID()}`, source: null, replicaId: null });
      if (!id) throw new Error('warm-up hold refused');
      await finishInOneStatement(tx, {
        usageEventId: id,
        accountId: account.id,
        reservedNusd: 1_000,
        costNusd,
        status,
        originalTokens: 10,
        queryTokens: 2,
        compressedTokens: 5,
        rows: 1,
        now,
      });
    }
  });
}

import type { KeyPrincipal } from './api-keys.service.js';

/** How long a replica answers a presented key from memory before reading its row again. */
export const PRINCIPAL_CACHE_MS = 5_000;

export interface PrincipalCacheOptions {
  /** Default PRINCIPAL_CACHE_MS. */
  ttlMs?: number;
  /** Keys remembered at most (the oldest dropped first). Default 10,000. */
  maxKeys?: number;
}

/**
 * Recently authenticated API keys, by the SHA-256 digest of the presented value (never the value
 * itself), so the compression routes skip the key and account reads on most requests.
 *
 * What bounds staleness: this replica forgets a key the moment it revokes it (DELETE, logout) or
 * changes its budget, and all of an account's keys when the account is deleted, so the next
 * request here reads the row again. Another replica may go on answering from its copy for up to
 * `ttlMs`, but every request that reaches the work still meets the key's current row: a billable
 * one in its hold (a revoked key or a deleted account is 401 there, a budget is read there), a
 * free one (no tokens) in a read of its own (meter.ts). So no work is done and nothing is charged
 * on a revoked key after the revocation; within `ttlMs` another replica may only answer a request
 * that fails before the work (a semantic 422, a 429 limit) with that error instead of the 401.
 * Expiry needs no row: `expires_at` never changes and is checked against the clock every time.
 */
export function createPrincipalCache({ ttlMs = PRINCIPAL_CACHE_MS, maxKeys = 10_000 }: PrincipalCacheOptions = {}) {
  const entries = new Map<string, { principal: KeyPrincipal; readAt: number }>();
  const forgetWhere = (match: (p: KeyPrincipal) => boolean) => {
    for (const [digest, e] of entries) if (match(e.principal)) entries.delete(digest);
  };
  return {
    get(digest: string, nowMs: number): KeyPrincipal | undefined {
      const e = entries.get(digest);
      if (!e) return undefined;
      if (nowMs - e.readAt >= ttlMs || nowMs < e.readAt) {
        entries.delete(digest);
        return undefined;
      }
      return e.principal;
    },
    set(digest: string, principal: KeyPrincipal, nowMs: number): void {
      entries.delete(digest);
      if (entries.size >= maxKeys) entries.delete(entries.keys().next().value!);
      entries.set(digest, { principal, readAt: nowMs });
    },
    forgetKey(keyId: string): void {
      forgetWhere((p) => p.key.id === keyId);
    },
    forgetAccount(accountId: string): void {
      forgetWhere((p) => p.account.id === accountId);
    },
    size: () => entries.size,
  };
}

export type PrincipalCache = ReturnType<typeof createPrincipalCache>;

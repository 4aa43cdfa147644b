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
 * Recently authenticated API keys, by the SHA-256 digest of the presented value, so the compression
 * routes skip the key and account reads on most requests. Staleness is bounded: this replica forgets a key
 * it revokes or re-budgets at once, and every request that reaches the work meets the key's current row (in
 * its hold, or meter.ts's read for free requests), so a revoked key never gets work done or charged.
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

/**
 * Accounts whose hold was refused lately (per process), each remembered for `forMs`. Every entry
 * lives equally long and is re-inserted when refreshed, so the map's order is expiry order: the
 * expired (or, past `maxEntries`, the oldest) are always at its front.
 */
export function createRecentRefusals(forMs: number, maxEntries = 10_000) {
  const until = new Map<string, number>();
  const prune = (now: number) => {
    for (const [id, t] of until) {
      if (t > now && until.size <= maxEntries) break;
      until.delete(id);
    }
  };
  return {
    add(accountId: string): void {
      const now = Date.now();
      until.delete(accountId);
      until.set(accountId, now + forMs);
      prune(now);
    },
    has(accountId: string): boolean {
      const t = until.get(accountId);
      if (t === undefined) return false;
      if (t > Date.now()) return true;
      until.delete(accountId);
      return false;
    },
  };
}

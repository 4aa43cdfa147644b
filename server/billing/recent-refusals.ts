/** Accounts whose hold was refused lately (per process), each remembered for `forMs`. */
export function createRecentRefusals(forMs: number, maxEntries = 10_000) {
  const until = new Map<string, number>();
  return {
    add(accountId: string): void {
      if (until.size >= maxEntries) {
        const now = Date.now();
        for (const [id, t] of until) if (t <= now) until.delete(id);
        // Still full of live entries: forget the oldest, which only costs their next request an overlap.
        if (until.size >= maxEntries) until.delete(until.keys().next().value!);
      }
      until.delete(accountId);
      until.set(accountId, Date.now() + forMs);
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

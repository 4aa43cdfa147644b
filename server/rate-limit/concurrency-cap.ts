import { ApiError } from '../http/api-error.js';

/**
 * At most `limit` compression requests of one account run at once on this replica, so one
 * account cannot fill the engine queue and starve the others; the next one gets 429 with
 * Retry-After 1 (the slots free up as soon as a running request ends).
 */
export function createConcurrencyCap(limit: number) {
  const running = new Map<string, number>();
  return {
    /** Takes a slot or throws 429; call the returned function exactly once when the request ends. */
    acquire(accountId: string): () => void {
      const n = running.get(accountId) ?? 0;
      if (limit > 0 && n >= limit) {
        throw new ApiError('rate_limit_exceeded', 'Too many concurrent requests for this account', {
          detail: `at most ${limit} compression requests of one account run at once; retry when one finishes`,
          retryAfter: 1,
        });
      }
      running.set(accountId, n + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (running.get(accountId) ?? 1) - 1;
        if (left <= 0) running.delete(accountId);
        else running.set(accountId, left);
      };
    },
  };
}

export type ConcurrencyCap = ReturnType<typeof createConcurrencyCap>;

import { errorCode } from './error-code.js';
import { retryAfterSeconds } from './crema-error.js';

/** Retry policy. Every collaborator is injectable so tests need not wait. */
export interface RetryOptions {
  /** Attempts in all, the first included. Default 3; 1 turns retries off. */
  attempts?: number;
  /** Backoff before retry n (1-based) is drawn from [0, min(maxDelayMs, baseDelayMs * 2^(n-1))). Default 500. */
  baseDelayMs?: number;
  /** Cap of the exponential backoff. Default 30 000. */
  maxDelayMs?: number;
  /**
   * A `Retry-After` longer than this is not waited for: the response goes back to the caller
   * (a daily quota can ask for hours). Default 60 000.
   */
  maxRetryAfterMs?: number;
  /** Default: a `setTimeout` promise. */
  sleep?: (ms: number) => Promise<void>;
  /** Uniform in [0, 1). Default `Math.random` (full jitter). */
  random?: () => number;
  /** Milliseconds clock, used to read a `Retry-After` HTTP date. Default `Date.now`. */
  now?: () => number;
  /** Called before each wait, e.g. to log. */
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
}

/** 429 codes that clear when their window rolls over (a daily cap's Retry-After is often past `maxRetryAfterMs`). */
const CLEARS_BY_WAITING = new Set(['rate_limit_exceeded', 'daily_limit_exceeded']);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE']);
/**
 * POST routes whose repetition changes nothing beyond what one call does: compression and
 * estimates are functions of their input (a repeat at most bills the same work again when the
 * first answer was lost), login opens one more session, logout revokes what is already revoked.
 */
const RETRY_SAFE_POSTS = [/^\/api\/compress\//, /^\/api\/pricing\/estimate-cost$/, /^\/api\/auth\/login$/, /^\/api\/auth\/logout-session$/, /^\/api\/authorize\/logout$/];

/**
 * Whether a request may be repeated after an answer that may have been acted on (network
 * failure, 500). Signup, key creation, profile creation or deletion and credit top-ups may not:
 * they would create twice. 429 `rate_limit_exceeded` / `daily_limit_exceeded` and 503 are
 * refusals before any work, so they are retried for every request.
 */
export function isRetrySafe(method: string, url: string): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  const path = new URL(url).pathname.replace(/\/+$/, '');
  return method.toUpperCase() === 'POST' && RETRY_SAFE_POSTS.some((re) => re.test(path));
}

/** Why a response should be retried, or undefined when it should go back to the caller. */
async function retryReason(response: Response, retrySafe: boolean): Promise<string | undefined> {
  if (response.status === 503) return '503';
  if (response.status === 500) return retrySafe ? '500' : undefined;
  if (response.status !== 429) return undefined;
  // A balance 429 (insufficient_credits) does not clear by waiting; the quota ones do, at Retry-After.
  const code = errorCode(await response.clone().json().catch(() => undefined));
  return code !== undefined && CLEARS_BY_WAITING.has(code) ? `429 ${code}` : undefined;
}

/** The wait before retry `attempt` (1-based): full jitter under the doubling cap, never below Retry-After. */
export function backoffDelay(attempt: number, retryAfterMs: number, o: Required<Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs' | 'random'>>): number {
  const ceiling = Math.min(o.maxDelayMs, o.baseDelayMs * 2 ** (attempt - 1));
  return Math.max(retryAfterMs, Math.floor(o.random() * ceiling));
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The wait, cut short with the signal's reason when the call is aborted or times out meanwhile. */
function waitUnlessAborted(wait: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    wait.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Wraps a fetch with the retry policy: 429 `rate_limit_exceeded` / `daily_limit_exceeded`, 503
 * and, for retry-safe requests, 500 and network errors. Never 401, 402, 403, 422 or 429
 * `insufficient_credits`.
 * The last response (or network error) goes back to the caller unchanged.
 */
export function retryingFetch(fetchImpl: typeof globalThis.fetch, options: RetryOptions = {}): typeof globalThis.fetch {
  const attempts = Math.max(1, options.attempts ?? 3);
  const policy = {
    baseDelayMs: options.baseDelayMs ?? 500,
    maxDelayMs: options.maxDelayMs ?? 30_000,
    random: options.random ?? Math.random,
  };
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;

  return async (input, init) => {
    const request = new Request(input, init);
    // The caller's signal itself, not the copy's (which follows it only through a weak reference).
    const signal = init?.signal ?? request.signal;
    const retrySafe = isRetrySafe(request.method, request.url);
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      let response: Response;
      try {
        // A body can be read once, so every attempt sends a fresh copy. The signal is passed
        // explicitly: undici's clone() follows it through a weak reference that a garbage
        // collection can drop, and the copy then never aborts (a timeout that never fires).
        response = await fetchImpl(last ? request : request.clone(), { signal });
      } catch (err) {
        if (last || !retrySafe || signal.aborted) throw signal.aborted ? signal.reason : err;
        const delayMs = backoffDelay(attempt, 0, policy);
        options.onRetry?.({ attempt, delayMs, reason: 'network error' });
        await waitUnlessAborted(sleep(delayMs), signal);
        continue;
      }
      if (last) return response;
      const reason = await retryReason(response, retrySafe);
      if (!reason) return response;
      const body = response.status === 429 ? await response.clone().json().catch(() => undefined) : undefined;
      const retryAfter = retryAfterSeconds((body as { retry_after?: unknown } | undefined)?.retry_after, response.headers.get('Retry-After'), now());
      const retryAfterMs = (retryAfter ?? 0) * 1000;
      if (retryAfterMs > maxRetryAfterMs) return response;
      const delayMs = backoffDelay(attempt, retryAfterMs, policy);
      options.onRetry?.({ attempt, delayMs, reason });
      await response.body?.cancel().catch(() => undefined);
      await waitUnlessAborted(sleep(delayMs), signal);
    }
  };
}

import { ApiError } from './api-error.js';

/** `250 ms`, `1.5 s`, `60 s`: a sub-second budget must not read "0 s". */
export function describeBudget(ms: number): string {
  if (ms < 1_000) return `${ms} ms`;
  return `${Math.round(ms / 100) / 10} s`;
}

/** Rejects with 504 `timeout` when `work` outlasts `ms`, then calls `onTimeout` (to cancel the work). */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string, onTimeout?: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new ApiError('timeout', `${what} exceeded the ${describeBudget(ms)} time budget`));
      onTimeout?.();
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

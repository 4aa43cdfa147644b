import { ApiError } from './api-error.js';

/** Rejects with 504 `timeout` when `work` outlasts `ms` (the work itself cannot be interrupted). */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError('timeout', `${what} exceeded the ${Math.round(ms / 1000)} s time budget`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

import { ApiError } from './api-error.js';

/**
 * Aborted once a stopping server's grace period is over: every request's work still running
 * (cancellable-work.ts) is cancelled with a 503, so a plain request answers 503 and a stream
 * ends with an error frame, and each releases its hold, instead of being cut off mid-answer.
 * One per process: the process is what stops.
 */
const controller = new AbortController();

export const stopSignal: AbortSignal = controller.signal;

/** Cancels all in-flight work with `service_unavailable`; `detail` says why (the grace period). */
export function stopInFlightWork(detail: string): void {
  controller.abort(new ApiError('service_unavailable', 'The server is shutting down', { detail, retryAfter: 1 }));
}

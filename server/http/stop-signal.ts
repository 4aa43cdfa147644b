import { ApiError } from './api-error.js';

/**
 * Aborted once a stopping server's grace period is over: every request's work still running
 * (cancellable-work.ts) is cancelled with a 503, so a plain request answers 503 and a stream
 * ends with an error frame, and each releases its hold, instead of being cut off mid-answer.
 */
export interface StopSignal {
  signal: AbortSignal;
  /** Cancels all in-flight work with `service_unavailable`; `detail` says why (the grace period). */
  stopInFlightWork(detail: string): void;
}

/** One per app (services.ts): main.ts stops it at the end of the grace period. */
export function createStopSignal(): StopSignal {
  const controller = new AbortController();
  return {
    signal: controller.signal,
    stopInFlightWork: (detail) => controller.abort(new ApiError('service_unavailable', 'The server is shutting down', { detail, retryAfter: 1 })),
  };
}

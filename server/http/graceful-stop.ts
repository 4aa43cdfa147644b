import type { Logger } from 'pino';
import { describeBudget } from './with-timeout.js';

/** How long requests cut short at the end of the grace period get to write their 503 or error frame. */
const CUT_SHORT_MS = 3_000;

/**
 * Default grace period: the longest request budget (streams') plus the cut-short phase and a
 * margin, so a request admitted just before SIGTERM can still finish inside its own budget.
 */
export function defaultShutdownGraceMs(requestTimeoutMs: number, streamTimeoutMs: number): number {
  return Math.max(requestTimeoutMs, streamTimeoutMs) + 5_000;
}

export interface GracefulStopDeps {
  /** Readiness turns 503, so load balancers stop sending. */
  markStopping(): void;
  /**
   * How long the listener keeps accepting (and serving) after the signal, ms: load balancers need a
   * few seconds to see readiness 503 and stop sending; closing the port before that resets the
   * connections they still open (SHUTDOWN_DELAY_MS).
   */
  delayMs?: number;
  /** At the signal, before the delay: responses from here on say `Connection: close` (drain.ts). */
  closeAfterResponses?(): void;
  /** Stops accepting and resolves once every connection has closed (drain.ts). */
  drain(): Promise<void>;
  graceMs: number;
  /** Cancels the work still running: each request answers 503 or ends its stream with an error frame (stop-signal.ts). */
  cutShort(detail: string): void;
  /** Last resort: destroys the connections still open. */
  closeAllConnections(): void;
  /** Releases the holds of requests that could not finish; resolves with how many. */
  releaseOpenHolds(): Promise<number>;
  /** Closes the engine, Redis and the database. */
  closeResources(): Promise<void>;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  exit(code: number): void;
  cutShortMs?: number;
}

const after = (ms: number) =>
  new Promise<'late'>((resolve) => {
    const t = setTimeout(() => resolve('late'), ms);
    t.unref();
  });

/**
 * SIGTERM/SIGINT: readiness 503 at once, connections still served for `delayMs`, then none new;
 * in-flight requests finish within `graceMs` (after the delay), the rest are cancelled (503 or an
 * error frame, never a reset) with their holds released; exit 0. A repeated signal is ignored
 * (a terminal's Ctrl-C reaches node directly and through npm).
 */
export function gracefulStop(deps: GracefulStopDeps): (signal: string) => Promise<void> {
  let stopping = false;
  return async (signal) => {
    if (stopping) {
      deps.logger.info({ signal }, 'already draining');
      return;
    }
    stopping = true;
    const started = Date.now();
    deps.markStopping();
    const delayMs = deps.delayMs ?? 0;
    if (delayMs > 0) {
      deps.closeAfterResponses?.();
      deps.logger.info({ signal, delayMs }, 'shutting down: readiness 503, still accepting connections until load balancers see it');
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    deps.logger.info({ signal, graceMs: deps.graceMs }, 'shutting down: draining in-flight requests');
    const drained = deps.drain().then(() => 'drained' as const);
    let cut = false;
    if ((await Promise.race([drained, after(deps.graceMs)])) === 'late') {
      cut = true;
      deps.logger.warn({ graceMs: deps.graceMs }, 'grace period over: cancelling the requests still running');
      deps.cutShort(`the server stopped and its ${describeBudget(deps.graceMs)} grace period for in-flight requests is over; retry`);
      if ((await Promise.race([drained, after(deps.cutShortMs ?? CUT_SHORT_MS)])) === 'late') {
        deps.logger.warn('closing the connections still open');
        deps.closeAllConnections();
      }
    }
    try {
      const released = await deps.releaseOpenHolds();
      if (released > 0) deps.logger.warn({ released }, 'released the holds of requests that could not finish');
    } catch (err) {
      deps.logger.error({ reason: err instanceof Error ? err.message : String(err) }, 'could not release open holds (the holds sweep will)');
    }
    try {
      await deps.closeResources();
    } catch (err) {
      deps.logger.error({ reason: err instanceof Error ? err.message : String(err) }, 'closing resources failed');
    }
    deps.logger.info({ ms: Date.now() - started, cutShort: cut }, 'stopped');
    deps.exit(0);
  };
}

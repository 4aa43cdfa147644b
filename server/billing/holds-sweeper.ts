import type { Logger } from 'pino';
import type { BillingService } from './billing.service.js';

export interface HoldsSweeperOptions {
  billing: Pick<BillingService, 'releaseStaleHolds'>;
  /** A hold older than this belongs to a request that can no longer finish (its budget plus a grace period). */
  olderThanMs: number;
  /** How often to look. */
  intervalMs: number;
  logger: Pick<Logger, 'warn'>;
}

export interface HoldsSweeper {
  /** One pass; resolves with the number of holds it released (0 when another pass is running). */
  sweepOnce(): Promise<number>;
  stop(): void;
}

/**
 * Releases pending holds left by a process that died between hold and settle (kill -9, OOM, a
 * lost node). Every replica runs one: releasing is a conditional update of the pending row inside
 * a transaction, so two replicas racing for the same hold release it once, and a request that
 * settles late finds its hold already released and is not charged.
 */
export function startHoldsSweeper(options: HoldsSweeperOptions): HoldsSweeper {
  let running = false;
  const sweepOnce = async (): Promise<number> => {
    if (running) return 0;
    running = true;
    try {
      const released = await options.billing.releaseStaleHolds(options.olderThanMs);
      if (released > 0) options.logger.warn({ released }, 'released stale billing holds');
      return released;
    } catch (err) {
      // The database may be down; the next pass tries again.
      options.logger.warn({ reason: err instanceof Error ? err.message : String(err) }, 'holds sweep failed');
      return 0;
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweepOnce(), options.intervalMs);
  timer.unref();
  return { sweepOnce, stop: () => clearInterval(timer) };
}

import type { Logger } from 'pino';
import type { BillingService } from './billing.service.js';
import type { ReplicaLease } from './replica-lease.js';

export interface HoldsSweeperOptions {
  billing: Pick<BillingService, 'releaseStaleHolds'>;
  /** A hold older than this belongs to a request that can no longer finish (its budget plus a grace period). */
  olderThanMs: number;
  /**
   * This process's lease: holds of replicas whose lease expired are released too, once this
   * process trusts what it sees (replica-lease.ts). Without it, only the age rule applies.
   */
  lease?: Pick<ReplicaLease, 'id' | 'trusted'>;
  /** How often to look. */
  intervalMs: number;
  logger: Pick<Logger, 'warn'>;
}

export interface HoldsSweeper {
  /**
   * One pass; resolves with the number of holds it released (0 when another pass is running).
   * `trustLeases` counts expired leases even before this process's own lease has a renewal
   * period behind it (the pass at start).
   */
  sweepOnce(options?: { trustLeases?: boolean }): Promise<number>;
  stop(): void;
}

/**
 * Releases pending holds of processes that died between hold and settle: those of expired leases, and any
 * older than every request's budget. Every replica runs one; a release is a conditional update, so racing
 * replicas release a hold once and a late settle finds it released and charges nothing.
 */
export function startHoldsSweeper(options: HoldsSweeperOptions): HoldsSweeper {
  let current: Promise<number> | null = null;
  const pass = async (trustLeases: boolean): Promise<number> => {
    try {
      const lease = options.lease;
      const byLease = lease && (trustLeases || lease.trusted()) ? { exceptReplica: lease.id } : undefined;
      const released = await options.billing.releaseStaleHolds(options.olderThanMs, byLease);
      if (released > 0) options.logger.warn({ released }, 'released stale billing holds');
      return released;
    } catch (err) {
      // The database may be down; the next pass tries again.
      options.logger.warn({ reason: err instanceof Error ? err.message : String(err) }, 'holds sweep failed');
      return 0;
    }
  };
  const sweepOnce = async ({ trustLeases = false } = {}): Promise<number> => {
    if (current) {
      // A routine pass skips; a pass asked for at start (leases just taken over) runs after the current one.
      if (!trustLeases) return 0;
      await current;
      return sweepOnce({ trustLeases });
    }
    current = pass(trustLeases).finally(() => (current = null));
    return current;
  };
  const timer = setInterval(() => void sweepOnce(), options.intervalMs);
  timer.unref();
  return { sweepOnce, stop: () => clearInterval(timer) };
}

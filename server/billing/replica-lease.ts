import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/database.js';
import { deleteLease, deleteOldLeases, expireOtherLeases, renewLease } from './leases.repository.js';

export interface ReplicaLeaseOptions {
  db: Kysely<Database>;
  /**
   * What stays the same when "this replica" restarts: REPLICA_NAME, else host:port. Two live
   * processes must never share it (a port can be bound by one process per host, which is why
   * host:port is the default); null when there is none (port 0), so no restart is recognized.
   */
  name: string | null;
  /** A lease not renewed for this long counts as a dead process. */
  ttlMs: number;
  /** How often a live process renews (well under ttlMs: a few missed renewals do not expire it). */
  renewMs: number;
  /**
   * Only this process can open the database (embedded PGlite): every other lease belongs to an
   * earlier, dead incarnation and ends at start.
   */
  soleProcess: boolean;
  logger: Pick<Logger, 'warn' | 'info'>;
  now?: () => number;
}

export interface ReplicaLease {
  /** This incarnation's id, written on every hold it takes. */
  readonly id: string;
  /** Writes the lease; throws when the database cannot be reached (a start then fails). */
  acquire(): Promise<void>;
  /**
   * Ends the leases of this replica's earlier incarnations (same name; every other one with
   * `soleProcess`): they are dead, so their holds are released by the next sweep. Call once this
   * process holds what makes the name its own (its port bound).
   */
  takeOver(): Promise<number>;
  /**
   * True once this process has renewed its own lease without a failure for a whole renew period:
   * any other live replica that can reach the database has then renewed too, so an expired lease
   * means a dead process, not a database that was unreachable a moment ago.
   */
  trusted(): boolean;
  /** Stops renewing and removes the lease (a clean stop: its open holds were released first). */
  end(): Promise<void>;
}

/**
 * A lease per running process, renewed every `renewMs` while it lives. A hold records the lease's
 * id; a sweep on any replica releases pending holds of expired leases (holds-sweeper.ts), so a
 * replica killed with -9 gives back what it held within ttlMs plus a sweep interval, and at once
 * when it restarts under the same name.
 */
export function startReplicaLease(options: ReplicaLeaseOptions): ReplicaLease {
  const id = randomUUID();
  const now = options.now ?? (() => performance.now());
  // Until the first renewal this process does not trust what it sees.
  let renewingSince: number | null = null;
  let timer: NodeJS.Timeout | undefined;
  const storedName = options.name ?? `unnamed:${id}`;

  const renew = async () => {
    try {
      await renewLease(options.db, id, storedName, options.ttlMs);
      renewingSince ??= now();
    } catch (err) {
      if (renewingSince !== null) options.logger.warn({ reason: err instanceof Error ? err.message : String(err) }, 'replica lease not renewed');
      renewingSince = null;
    }
  };

  return {
    id,
    async acquire() {
      await renewLease(options.db, id, storedName, options.ttlMs);
      renewingSince = now();
      timer = setInterval(() => void renew(), options.renewMs);
      timer.unref();
      // Leases of incarnations gone for a day, with nothing pending, are only clutter.
      await deleteOldLeases(options.db, 86_400_000).catch(() => 0);
    },
    async takeOver() {
      if (!options.soleProcess && options.name === null) return 0;
      const ended = await expireOtherLeases(options.db, id, options.soleProcess ? null : options.name);
      if (ended > 0) options.logger.info({ ended, name: options.name }, 'leases of earlier incarnations of this replica ended');
      return ended;
    },
    trusted: () => renewingSince !== null && now() - renewingSince >= options.renewMs,
    async end() {
      clearInterval(timer);
      await deleteLease(options.db, id);
    },
  };
}

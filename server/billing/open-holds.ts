import type { AuthorizeInput, Actual, Hold } from './billing.service.js';

interface HoldSteps {
  authorize(input: AuthorizeInput): Promise<Hold>;
  settle(hold: Hold, actual: Actual): Promise<boolean>;
  release(hold: Hold): Promise<boolean>;
}

export interface OpenHolds {
  /** Holds taken by this process and not yet settled or released. */
  openHolds(): Hold[];
  /**
   * Releases every open hold (a stopping process's requests that could not finish), each once:
   * a release or settle racing it finds the row no longer pending and writes nothing. Resolves
   * with how many this call released.
   */
  releaseOpenHolds(): Promise<number>;
}

/**
 * `billing` that remembers the holds it took until they are settled or released, so a stopping
 * process can give back what its unfinished requests held before it exits, rather than leave
 * them to the stale-hold sweep of a replica that lives on (holds-sweeper.ts).
 */
export function trackOpenHolds<B extends HoldSteps>(billing: B): B & OpenHolds {
  const open = new Map<string, Hold>();
  // Forgotten once its settle or release went through; one that failed (a database blip) stays
  // open, so the stopping process tries again.
  const finished = <T>(hold: Hold, step: Promise<T>): Promise<T> =>
    step.then((done) => {
      open.delete(hold.usageEventId);
      return done;
    });
  return {
    ...billing,
    async authorize(input: AuthorizeInput) {
      const hold = await billing.authorize(input);
      open.set(hold.usageEventId, hold);
      return hold;
    },
    settle: (hold: Hold, actual: Actual) => finished(hold, billing.settle(hold, actual)),
    release: (hold: Hold) => finished(hold, billing.release(hold)),
    openHolds: () => [...open.values()],
    async releaseOpenHolds() {
      const released = await Promise.all(
        [...open.values()].map((hold) =>
          billing.release(hold).then(
            (done) => {
              open.delete(hold.usageEventId);
              return done;
            },
            () => false,
          ),
        ),
      );
      return released.filter(Boolean).length;
    },
  };
}

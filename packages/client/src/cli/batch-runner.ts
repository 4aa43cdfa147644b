import { CremaError } from '../crema-error.js';
import { backoffDelay } from '../retry.js';
import { splitBatch, type Batch } from './batch-plan.js';
import type { Outcome } from './family-requests.js';
import type { InputFile } from './inputs.js';

/** Errors that every later request would get too (the key, the balance, the budget, the server gone): the run stops. */
function isFatal(err: unknown): boolean {
  if (!(err instanceof CremaError)) return false;
  if (err.code === 'network_error') return true;
  if (err.status === 401 || err.status === 402 || err.status === 403) return true;
  return err.status === 429 && err.code === 'insufficient_credits';
}

/** The server ran out of its time budget (504 `timeout`): a smaller request may fit. */
const isOverBudget = (err: unknown): boolean => err instanceof CremaError && err.status === 504;

export interface BatchRunOptions {
  files: readonly InputFile[];
  batches: Batch[];
  /** Requests in flight at once. */
  concurrency: number;
  /** Sends one batch; outcomes in the batch's order. */
  send(files: InputFile[]): Promise<Outcome[]>;
  /** Called once per file as soon as its batch is answered. */
  onDone(outcome: Outcome, index: number): Promise<void> | void;
  onFailed(error: unknown, index: number): void;
  /** Attempts for a single file that keeps getting 504. Default 3. */
  attempts?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/**
 * Sends the batches, `concurrency` at a time, and reports each file as its batch is answered.
 * A batch answered 504 (over the server's time budget) is split in two and the ceiling for
 * later batches halved; a single file answered 504 is retried with backoff. A batch refused for
 * one bad input (422) is split until the bad file stands alone, so the others still go through.
 * 429 and 503 are retried inside the client (retry.ts). After an error every request would get
 * (401, 402, 403, no credits, no connection) nothing more is sent and the files left fail with it.
 */
export async function runBatches(o: BatchRunOptions): Promise<void> {
  const attempts = o.attempts ?? 3;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const policy = { baseDelayMs: 1_000, maxDelayMs: 30_000, random: o.random ?? Math.random };
  const queue: { batch: Batch; attempt: number }[] = o.batches.map((batch) => ({ batch, attempt: 1 }));
  let ceiling = Infinity;
  let fatal: unknown;

  const runOne = async (batch: Batch, attempt: number): Promise<void> => {
    if (fatal !== undefined) return batch.indices.forEach((i) => o.onFailed(fatal, i));
    if (batch.indices.length > 1 && batch.tokens > ceiling) return void queue.unshift(...splitBatch(batch, o.files).map((b) => ({ batch: b, attempt: 1 })));
    let outcomes: Outcome[];
    try {
      outcomes = await o.send(batch.indices.map((i) => o.files[i]!));
    } catch (err) {
      if (isFatal(err)) {
        fatal ??= err;
        return batch.indices.forEach((i) => o.onFailed(err, i));
      }
      if (batch.indices.length > 1) {
        if (isOverBudget(err)) ceiling = Math.min(ceiling, Math.max(1, Math.floor(batch.tokens / 2)));
        return void queue.unshift(...splitBatch(batch, o.files).map((b) => ({ batch: b, attempt: 1 })));
      }
      if (isOverBudget(err) && attempt < attempts) {
        await sleep(backoffDelay(attempt, 0, policy));
        return void queue.unshift({ batch, attempt: attempt + 1 });
      }
      return o.onFailed(err, batch.indices[0]!);
    }
    // outside the try: a file that cannot be written is the user's error, not a reason to resend
    for (const [k, outcome] of outcomes.entries()) await o.onDone(outcome, batch.indices[k]!);
  };

  const inFlight = new Set<Promise<void>>();
  while (queue.length > 0 || inFlight.size > 0) {
    while (queue.length > 0 && inFlight.size < o.concurrency) {
      const { batch, attempt } = queue.shift()!;
      const task: Promise<void> = runOne(batch, attempt).finally(() => inFlight.delete(task));
      inFlight.add(task);
    }
    if (inFlight.size > 0) await Promise.race(inFlight);
  }
}

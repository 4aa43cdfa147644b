/**
 * Dynamic batching: the windows of every job in flight for one network share ONNX calls, taken from the
 * jobs in turn (round robin, so a short request is not stuck behind a long one) up to `maxBatch` windows,
 * `maxPieces` padded positions and `maxPadding`. An idle runner first waits `collectMs`; while a call
 * runs, arrivals queue for the next one.
 */
export interface BatcherOptions<W, R> {
  run(batch: W[]): Promise<R[]>;
  /** Length of a window in pieces (the batch is padded to its longest). */
  length(window: W): number;
  maxBatch: number;
  maxPieces: number;
  /**
   * Most padded positions per real one in a call (1.25: a quarter more). A window that would pass
   * it waits for the next call. Default Infinity.
   */
  maxPadding?: number;
  collectMs: number;
}

interface Job<W, R> {
  windows: W[];
  next: number;
  results: R[];
  left: number;
  cancelled: (() => boolean) | undefined;
  resolve(results: R[]): void;
  reject(err: Error): void;
}

export interface Batcher<W, R> {
  /** Results in the order of `windows`; rejects with 'cancelled' once `cancelled()` is seen true. */
  submit(windows: W[], cancelled?: () => boolean): Promise<R[]>;
  /** ONNX calls made and windows scored (metrics, benchmarks). */
  stats(): { calls: number; windows: number };
}

export function createBatcher<W, R>(options: BatcherOptions<W, R>): Batcher<W, R> {
  const jobs: Job<W, R>[] = [];
  let running = false;
  let turn = 0;
  let calls = 0;
  let scored = 0;

  const take = (): Array<{ job: Job<W, R>; index: number }> => {
    const batch: Array<{ job: Job<W, R>; index: number }> = [];
    const maxPadding = options.maxPadding ?? Infinity;
    let longest = 0;
    let real = 0;
    for (let idle = 0; idle < jobs.length && batch.length < options.maxBatch; ) {
      const job = jobs[turn % jobs.length]!;
      turn++;
      if (job.next >= job.windows.length) {
        idle++;
        continue;
      }
      const own = options.length(job.windows[job.next]!);
      const len = Math.max(longest, own);
      const padded = len * (batch.length + 1);
      if (batch.length > 0 && (padded > options.maxPieces || padded > maxPadding * (real + own))) break;
      longest = len;
      real += own;
      batch.push({ job, index: job.next++ });
      idle = 0;
    }
    return batch;
  };

  const dropCancelled = () => {
    for (let i = jobs.length - 1; i >= 0; i--) {
      const job = jobs[i]!;
      if (job.cancelled?.()) {
        jobs.splice(i, 1);
        job.reject(new Error('cancelled'));
      }
    }
  };

  const pump = async () => {
    running = true;
    try {
      if (options.collectMs > 0) await new Promise((r) => setTimeout(r, options.collectMs));
      for (;;) {
        dropCancelled();
        const batch = take();
        if (batch.length === 0) break;
        let out: R[];
        try {
          out = await options.run(batch.map(({ job, index }) => job.windows[index]!));
        } catch (err) {
          for (const job of new Set(batch.map((b) => b.job))) {
            const at = jobs.indexOf(job);
            if (at !== -1) jobs.splice(at, 1);
            job.reject(err instanceof Error ? err : new Error(String(err)));
          }
          continue;
        }
        calls++;
        scored += batch.length;
        batch.forEach(({ job, index }, k) => {
          job.results[index] = out[k]!;
          if (--job.left === 0) {
            const at = jobs.indexOf(job);
            if (at !== -1) jobs.splice(at, 1);
            job.resolve(job.results);
          }
        });
      }
    } finally {
      running = false;
    }
  };

  return {
    submit(windows, cancelled) {
      if (windows.length === 0) return Promise.resolve([]);
      return new Promise<R[]>((resolve, reject) => {
        jobs.push({ windows, next: 0, results: new Array<R>(windows.length), left: windows.length, cancelled, resolve, reject });
        if (!running) void pump();
      });
    },
    stats: () => ({ calls, windows: scored }),
  };
}

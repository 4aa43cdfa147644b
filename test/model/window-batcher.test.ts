import { describe, expect, it } from 'vitest';
import { createBatcher } from '../../server/model/window-batcher.js';

/** A fake network: doubles each window's number; records the batches it was called with. */
function fakeRunner(fail?: (batch: number[]) => boolean) {
  const calls: number[][] = [];
  let release: (() => void) | undefined;
  let gate: Promise<void> = Promise.resolve();
  return {
    calls,
    /** Holds the next calls until `open()`, so that jobs can queue up meanwhile. */
    hold() {
      gate = new Promise((r) => (release = r));
    },
    open: () => release?.(),
    run: async (batch: number[]) => {
      calls.push(batch);
      await gate;
      if (fail?.(batch)) throw new Error('network failed');
      return batch.map((w) => w * 2);
    },
  };
}

const options = { length: () => 10, maxBatch: 4, maxPieces: 1_000, collectMs: 0 };

describe('dynamic batching of windows', () => {
  it('jobs that arrive while a call runs share the next call, and each gets its own results in order', async () => {
    const net = fakeRunner();
    const batcher = createBatcher({ ...options, run: net.run });
    net.hold();
    const first = batcher.submit([1]);
    const others = [batcher.submit([10, 11]), batcher.submit([20]), batcher.submit([30])];
    net.open();
    expect(await first).toEqual([2]);
    expect(await Promise.all(others)).toEqual([[20, 22], [40], [60]]);
    // The first call held one window; the three later jobs (four windows) went into one call.
    expect(net.calls).toHaveLength(2);
    expect(net.calls[1]!.sort((a, b) => a - b)).toEqual([10, 11, 20, 30]);
    expect(batcher.stats()).toEqual({ calls: 2, windows: 5 });
  });

  it('takes windows from the jobs in turn, so a short job is not queued behind a long one', async () => {
    const net = fakeRunner();
    const batcher = createBatcher({ ...options, maxBatch: 2, run: net.run });
    net.hold();
    const order: string[] = [];
    const long = batcher.submit(Array.from({ length: 20 }, (_, i) => i)).then(() => order.push('long'));
    const short = batcher.submit([100]).then(() => order.push('short'));
    net.open();
    await Promise.all([long, short]);
    expect(order).toEqual(['short', 'long']);
    // The long job's first call had started alone; the short one went into the next call.
    expect(net.calls[1]).toEqual([2, 100]);
  });

  it('an idle runner waits collectMs for other jobs before its first call', async () => {
    const net = fakeRunner();
    const batcher = createBatcher({ ...options, collectMs: 5, run: net.run });
    const jobs = [batcher.submit([1]), batcher.submit([2]), batcher.submit([3])];
    expect(await Promise.all(jobs)).toEqual([[2], [4], [6]]);
    expect(net.calls).toEqual([[1, 2, 3]]);
  });

  it('caps a call by padded positions as well as by windows', async () => {
    const net = fakeRunner();
    const batcher = createBatcher({ ...options, maxBatch: 100, maxPieces: 25, run: net.run });
    await batcher.submit([1, 2, 3, 4, 5]);
    // 10 positions per window, at most 25 per call: two windows per call.
    expect(net.calls.map((c) => c.length)).toEqual([2, 2, 1]);
  });

  it('keeps a short window out of a call of long ones when padding it would pass maxPadding', async () => {
    const net = fakeRunner();
    // Window n is n pieces long: a context's windows, sorted by length (its leftover last window first).
    const batcher = createBatcher({ ...options, length: (w: number) => w, maxPadding: 1.25, run: net.run });
    expect(await batcher.submit([80, 320, 320])).toEqual([160, 640, 640]);
    // Padding 80 to 320 beside two full windows: 960 positions for 720 pieces; the short one runs alone.
    expect(net.calls).toEqual([[80], [320, 320]]);
    const unbounded = fakeRunner();
    await createBatcher({ ...options, length: (w: number) => w, run: unbounded.run }).submit([80, 320, 320]);
    expect(unbounded.calls).toEqual([[80, 320, 320]]);
  });

  it('rejects a cancelled job before its next call and goes on with the others', async () => {
    const net = fakeRunner();
    const batcher = createBatcher({ ...options, maxBatch: 1, run: net.run });
    let cancelled = false;
    net.hold();
    const doomed = batcher.submit([1, 2, 3], () => cancelled);
    const other = batcher.submit([7]);
    cancelled = true;
    net.open();
    await expect(doomed).rejects.toThrow('cancelled');
    expect(await other).toEqual([14]);
    expect(net.calls.flat()).not.toContain(3);
  });

  it('a failed call rejects the jobs in it; later jobs are still served', async () => {
    const net = fakeRunner((batch) => batch.includes(13));
    const batcher = createBatcher({ ...options, run: net.run });
    await expect(batcher.submit([13])).rejects.toThrow('network failed');
    expect(await batcher.submit([4])).toEqual([8]);
  });
});

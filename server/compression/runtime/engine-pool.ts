import { Worker } from 'node:worker_threads';
import type { CompressionBackend } from '../compression-backend.js';
import type { EngineRequest, EngineResult } from '../engine/engine.js';
import type { WeightsId } from '../../catalog/model-catalog.js';
import type { OnnxWordScorerOptions } from '../../model/onnx-word-scorer.js';
import { threadsPerWorker } from '../../model/onnx-session-options.js';
import type { ServedFile } from '../../model/served-file.js';
import type { PriorityResult } from '../../model/thread-priority.js';

export type WorkerRequest =
  | { id: number; op: 'compress'; requests: readonly EngineRequest[] }
  | { id: number; op: 'count'; texts: readonly string[] }
  | { id: number; op: 'warm'; weights: readonly WeightsId[] }
  | { op: 'close' };

export type WorkerResponse =
  | { id: number; ok: true; results: EngineResult[] }
  | { id: number; ok: true; counts: number[] }
  | { id: number; ok: true; warmed: readonly WeightsId[] }
  | { id: number; ok: false; error: string };

/** What a worker tells the pool unasked: its priority as it starts, the file a network is served from once it loads. */
export type WorkerEvent = { event: 'priority'; priority: PriorityResult } | { event: 'served-file'; weights: WeightsId; served: ServedFile };

/** What a worker is started with. */
export interface WorkerSetup extends Omit<OnnxWordScorerOptions, 'crowded'> {
  cancelled: SharedArrayBuffer;
  /** One Int32: how many workers have jobs in flight (the pool keeps it). */
  busy: SharedArrayBuffer;
  nice: number;
}

export interface EnginePoolOptions extends OnnxWordScorerOptions {
  /**
   * Worker threads. Default 1. With more, each network's calls use every core while one worker
   * is busy and the cores divided among the workers while several are (see `threads`).
   */
  workers?: number;
  /**
   * onnxruntime intra-op threads of every call, fixed. Default: every core while the other
   * workers are idle, the cores divided among the workers otherwise.
   */
  threads?: number;
  /**
   * Nice value of the worker threads and their onnxruntime pools (default 0: as the server). The
   * server runs them at ENGINE_NICE so that, with every core busy scoring, the event loop that
   * answers /health and takes requests is scheduled first.
   */
  nice?: number;
  /** Each worker's priority, as it starts. */
  onPriority?: (priority: PriorityResult) => void;
}

interface Pending {
  resolve(value: WorkerResponse): void;
  reject(err: Error): void;
}

/** How long close() lets a worker finish loading or end its job before terminating it. */
const CLOSE_GRACE_MS = 10_000;

// Compiled (dist/, `npm start`): the worker's own JavaScript. From source: a plain-JS entry that
// registers tsx, so the TypeScript worker loads under tsx, node or vitest alike.
const WORKER_URL = import.meta.url.endsWith('.js') ? new URL('./engine-worker.js', import.meta.url) : new URL('./engine-worker-entry.mjs', import.meta.url);

/**
 * A CompressionBackend over worker threads, each running the engine with the bundled models.
 * Jobs go to the worker with the fewest in flight; a crashed worker fails its jobs and is replaced.
 */
export function createEnginePool(options: EnginePoolOptions): CompressionBackend {
  const size = Math.max(1, options.workers ?? 1);
  // Functions cannot cross into a worker: the priority and served-file reports come back as messages.
  const { workers: _workers, nice = 0, onServedFile: _onServedFile, onPriority: _onPriority, crowded: _crowded, ...scorerOptions } = options;
  const threads =
    options.threads !== undefined || size === 1 ? { threads: options.threads ?? threadsPerWorker(1) } : { threads: threadsPerWorker(1), narrowThreads: threadsPerWorker(size) };
  const workerData = { ...scorerOptions, ...threads };
  let nextId = 1;
  let closing = false;
  const slots: Array<{ worker: Worker; pending: Map<number, Pending> }> = [];

  // Ids of recently cancelled jobs, shared with every worker (a ring: a job checks it between
  // model batches, long before 64 later cancellations could overwrite its entry).
  const cancelledIds = new SharedArrayBuffer(4 * 65);
  const cancelledRing = new Int32Array(cancelledIds);
  const markCancelled = (id: number) => {
    const at = Atomics.add(cancelledRing, 64, 1) % 64;
    Atomics.store(cancelledRing, at, id);
  };
  // Workers with jobs in flight, read by each worker before its ONNX calls.
  const busy = new SharedArrayBuffer(4);
  const busyWorkers = new Int32Array(busy);
  const countBusy = () => Atomics.store(busyWorkers, 0, slots.filter((s) => s.pending.size > 0).length);
  const spawn = (index: number) => {
    const setup: WorkerSetup = { ...workerData, cancelled: cancelledIds, busy, nice };
    const worker = new Worker(WORKER_URL, { workerData: setup, execArgv: [] });
    const pending = new Map<number, Pending>();
    worker.on('message', (msg: WorkerResponse | WorkerEvent) => {
      if ('event' in msg) {
        if (msg.event === 'priority') options.onPriority?.(msg.priority);
        else options.onServedFile?.(msg.weights, msg.served);
        return;
      }
      pending.get(msg.id)?.resolve(msg);
      pending.delete(msg.id);
    });
    const fail = (err: Error) => {
      for (const p of pending.values()) p.reject(err);
      pending.clear();
      countBusy();
      if (!closing) spawn(index);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      // A worker our close() had to terminate (code 1) did not crash: its jobs end as closed.
      if (code !== 0 && !closing) fail(new Error(`engine worker exited with code ${code}`));
      else if (pending.size > 0) fail(new Error('engine pool closed'));
    });
    worker.unref();
    slots[index] = { worker, pending };
  };
  // Workers start with the first job or warm-up, not here: a process that never compresses
  // (a test file of accounts, a CLI-only check) never loads a network or the word vectors.
  const spawnAll = () => {
    if (slots.length === 0) for (let i = 0; i < size; i++) spawn(i);
  };

  let cancelled = 0;
  // `at`: one worker's slot (a warm-up reaches every worker); by default the least busy one.
  const send = (build: (id: number) => WorkerRequest, signal?: AbortSignal, at?: number): Promise<WorkerResponse> => {
    if (closing) return Promise.reject(new Error('engine pool closed'));
    if (signal?.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new Error('cancelled'));
    spawnAll();
    const slot = at !== undefined ? slots[at]! : slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const id = nextId++;
    let onAbort: (() => void) | undefined;
    return new Promise<WorkerResponse>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      countBusy();
      slot.worker.ref();
      slot.worker.postMessage(build(id));
      if (signal) {
        // Stop the job in the worker (between model batches) and answer the caller now.
        onAbort = () => {
          if (!slot.pending.delete(id)) return;
          cancelled++;
          markCancelled(id);
          reject(signal.reason instanceof Error ? signal.reason : new Error('cancelled'));
        };
        signal.addEventListener('abort', onAbort, { once: true });
      }
    }).finally(() => {
      countBusy();
      if (onAbort) signal?.removeEventListener('abort', onAbort);
      if (slot.pending.size === 0) slot.worker.unref();
    });
  };

  return {
    async compress(requests, signal) {
      const reply = await send((id) => ({ id, op: 'compress', requests }), signal);
      if (!reply.ok) throw new Error(reply.error);
      if (!('results' in reply)) throw new Error('engine worker answered the wrong operation');
      return reply.results;
    },
    async countTokens(texts) {
      const reply = await send((id) => ({ id, op: 'count', texts }));
      if (!reply.ok) throw new Error(reply.error);
      if (!('counts' in reply)) throw new Error('engine worker answered the wrong operation');
      return reply.counts;
    },
    async warm(weights) {
      spawnAll();
      const replies = await Promise.all(slots.map((_slot, at) => send((id) => ({ id, op: 'warm', weights }), undefined, at)));
      for (const reply of replies) if (!reply.ok) throw new Error(reply.error);
    },
    cancelledJobs: () => cancelled,
    async close() {
      closing = true;
      // Each worker finishes (or, cancelled here, abandons between model batches) what it runs and
      // exits itself; terminate() only if it has not within CLOSE_GRACE_MS (see engine-worker.ts).
      await Promise.all(
        slots.map(async ({ worker, pending }) => {
          for (const id of pending.keys()) markCancelled(id);
          const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
          worker.postMessage({ op: 'close' } satisfies WorkerRequest);
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), CLOSE_GRACE_MS)));
          if ((await Promise.race([exited, late])) === 'late') await worker.terminate();
          clearTimeout(timer);
        }),
      );
    },
  };
}

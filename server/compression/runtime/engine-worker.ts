/** Worker-thread entry: runs the engine with the ONNX scorer, off the server's event loop. */
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine } from '../engine/engine.js';
import { countTokens } from '../engine/text/tokens.js';
import { wordVectors, wordRelations } from '../../project/bundled-words.js';
import { createOnnxWordScorer } from '../../model/onnx-word-scorer.js';
import { warmRequests } from './warm-requests.js';
import type { WorkerEvent, WorkerRequest, WorkerResponse, WorkerSetup } from './engine-pool.js';
import { lowerThreadPriority } from '../../model/thread-priority.js';
import type { WordScorer } from '../../model/word-scorer.js';

const { cancelled: cancelledIds, busy, nice, ...scorerOptions } = workerData as WorkerSetup;
const busyWorkers = new Int32Array(busy);
// Before any onnxruntime session exists, so that its pool threads inherit the priority.
if (nice > 0) parentPort!.postMessage({ event: 'priority', priority: lowerThreadPriority(nice) } satisfies WorkerEvent);
// The pool logs which file each network is served from (the logger lives on the main thread).
const scorer = createOnnxWordScorer({
  ...scorerOptions,
  crowded: () => Atomics.load(busyWorkers, 0) > 1,
  onServedFile: (weights, served) => parentPort!.postMessage({ event: 'served-file', weights, served } satisfies WorkerEvent),
});
// Read now rather than in the first request whose query the text paraphrases (~80 ms; ~130 ms more
// for the WordNet neighbours).
wordVectors();
wordRelations();
// The pool writes the ids of cancelled jobs into shared memory; inference blocks this thread's
// event loop, so a message could not arrive in time, but a shared cell is read synchronously.
// 64 ids, then the pool's write counter (not an id).
const cancelledRing = new Int32Array(cancelledIds).subarray(0, 64);
const isCancelled = (id: number) => cancelledRing.includes(id);

/** The shared scorer, bound to one job's cancellation (an engine is only a few closures). */
const engineFor = (id: number) => {
  const bound: WordScorer = { score: (requests) => scorer.score(requests, () => isCancelled(id)) };
  return createEngine(bound);
};

// Asked to close, the worker exits itself once no job is in flight. Terminated from outside while
// an onnxruntime call was running (or the addon still loading), the binding threw a C++
// Napi::Error into a stopping thread and std::terminate took the whole process down.
let inFlight = 0;
let closing = false;
const exitWhenIdle = () => {
  if (closing && inFlight === 0) process.exit(0);
};

parentPort!.on('message', async (msg: WorkerRequest) => {
  if (msg.op === 'close') {
    closing = true;
    exitWhenIdle();
    return;
  }
  inFlight++;
  let reply: WorkerResponse;
  try {
    if (msg.op === 'compress') reply = { id: msg.id, ok: true, results: await engineFor(msg.id).compress(msg.requests) };
    else if (msg.op === 'count') reply = { id: msg.id, ok: true, counts: msg.texts.map(countTokens) };
    else {
      // One network at a time, and none more once a close came: a start that failed (say, the
      // database is unreachable) closes the pool while it warms, and a worker still loading after
      // CLOSE_GRACE_MS is terminated inside onnxruntime, which aborts the process (seen at load 33).
      for (const w of msg.weights) {
        if (closing) break;
        await scorer.warm?.([w]);
      }
      if (!closing) {
        // Each network run once through the whole engine, so readiness means a warm first request.
        const warm = warmRequests(msg.weights);
        await engineFor(msg.id).compress(warm);
        warm.forEach((r) => countTokens(r.context));
      }
      reply = { id: msg.id, ok: true, warmed: msg.weights };
    }
  } catch (err) {
    reply = { id: msg.id, ok: false, error: isCancelled(msg.id) ? 'cancelled' : err instanceof Error ? err.message : String(err) };
  } finally {
    inFlight--;
  }
  parentPort!.postMessage(reply);
  exitWhenIdle();
});

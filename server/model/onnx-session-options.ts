import { availableParallelism } from 'node:os';
import ort from 'onnxruntime-node';

/** onnxruntime's session class once this thread's options are added to its `create`. */
interface PatchedSession {
  create: (...args: unknown[]) => Promise<unknown>;
  __cremaOptions?: ort.InferenceSession.SessionOptions;
  __cremaOriginal?: (...args: unknown[]) => Promise<unknown>;
}

const NO_SPINNING = { session: { intra_op: { allow_spinning: '0' } } };

/**
 * Session options for every ONNX session this thread creates. transformers.js 2.x creates its
 * sessions with execution providers only, and onnxruntime-node's default intra-op pool used one
 * thread on a 2-core host: two threads scored latte_v2 1.4x and latte_v1 1.7x faster there
 * (16x256 and 8x512 windows, `npm run bench -- --runtime`). So the option is added to every
 * `InferenceSession.create` of this thread (engine workers are threads, each with its own module
 * instance), before any model loads.
 */
export function useSessionOptions(options: ort.InferenceSession.SessionOptions): void {
  const session = ort.InferenceSession as unknown as PatchedSession;
  const original = session.create.bind(ort.InferenceSession);
  if (session.__cremaOptions) {
    Object.assign(session.__cremaOptions, options);
    return;
  }
  // transformers.js also asks for 'wasm', which onnxruntime-node does not have (a warning per session).
  // No memory patterns: onnxruntime plans and keeps one per input shape, and dynamic batching sends
  // a new shape (windows x pieces) almost every call. With them the soak's RSS grew ~100 MB a
  // minute (1.31 -> 1.78 GB over 5 minutes of mixed traffic); without, it stayed at 1.21-1.30 GB
  // over 3, at the same speed (2k-token latte_v2 calls 27.2-28.8 ms either way).
  // No spinning: after a call onnxruntime's pool threads busy-wait for the next one, and each
  // session (latte_v1, latte_v2, espresso_v1) has a pool of its own. On 2 cores those spinning
  // threads took the cores the engine's JavaScript, the server's event loop and the next session
  // needed: `npm run bench -- --only http`, two runs each, latte_v2 c16 88-99 req/s without
  // spinning against 72-79 with it, v1/v2 through the route 4.78-4.97x against 3.93-4.42x;
  // engine-only 100k-token calls unchanged (1,187-1,236 ms against 1,134-1,348).
  const merged: ort.InferenceSession.SessionOptions = { executionProviders: ['cpu'], enableMemPattern: false, extra: NO_SPINNING, ...options };
  session.__cremaOptions = merged;
  session.__cremaOriginal = original;
  session.create = (model: unknown, maybeOptions?: unknown, ...rest: unknown[]) =>
    typeof maybeOptions === 'object' && maybeOptions !== null && !ArrayBuffer.isView(maybeOptions)
      ? original(model, { ...(maybeOptions as object), ...merged }, ...rest)
      : original(model, maybeOptions, ...rest);
}

/**
 * A session on `file` with this thread's options (useSessionOptions) but `threads` intra-op
 * threads: the scorer's second, narrower session of a network (onnx-word-scorer.ts).
 */
export function createSession(file: string, threads: number): Promise<ort.InferenceSession> {
  const session = ort.InferenceSession as unknown as PatchedSession;
  const options = { ...session.__cremaOptions, intraOpNumThreads: threads };
  return (session.__cremaOriginal ?? ort.InferenceSession.create.bind(ort.InferenceSession))(file, options) as Promise<ort.InferenceSession>;
}

/** Intra-op threads for each of `workers` engine threads: the host's cores shared out. */
export function threadsPerWorker(workers: number): number {
  return Math.max(1, Math.floor(availableParallelism() / Math.max(1, workers)));
}

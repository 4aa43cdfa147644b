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
 * Session options for every ONNX session this thread creates, added to each `InferenceSession.create`
 * before any model loads: transformers.js 2.x passes execution providers only, and the default intra-op
 * pool used one thread on a 2-core host (docs/tuning.md, "Two intra-op threads").
 */
export function useSessionOptions(options: ort.InferenceSession.SessionOptions): void {
  const session = ort.InferenceSession as unknown as PatchedSession;
  const original = session.create.bind(ort.InferenceSession);
  if (session.__cremaOptions) {
    Object.assign(session.__cremaOptions, options);
    return;
  }
  // transformers.js also asks for 'wasm', which onnxruntime-node does not have (a warning per session).
  // No memory patterns: one per input shape, and dynamic batching sends a new shape almost every call,
  // so RSS grew without bound. No spinning: idle pool threads took the cores the engine's JavaScript and
  // the event loop needed (docs/tuning.md, "No memory patterns", "No spinning").
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

import type { Response } from 'express';
import { withTimeout } from './with-timeout.js';

/** The client closed the connection before its answer: nobody is left to answer, and no fault of ours. */
export class ClientGoneError extends Error {
  constructor() {
    super('client closed the connection');
    this.name = 'ClientGoneError';
  }
}

/**
 * Runs `work` under a time budget (504 `timeout`) and cancels it through its signal when the budget
 * passes, the client leaves, `outer` aborts (the meter's refused hold) or `stop` does (a stopping server
 * past its grace period: the caller answers 503 or an error frame at once, even while the work runs on).
 */
export async function cancellableWork<T>(res: Response, timeoutMs: number, what: string, work: (signal: AbortSignal) => Promise<T>, outer?: AbortSignal, stop?: AbortSignal): Promise<T> {
  const cancel = new AbortController();
  const onOuter = () => cancel.abort(outer!.reason);
  if (outer?.aborted) onOuter();
  else outer?.addEventListener('abort', onOuter, { once: true });
  const clientGone = () => {
    if (!res.writableFinished) cancel.abort(new ClientGoneError());
  };
  // A client that left while the request was read, counted or held is not waited on either.
  if (res.closed) clientGone();
  else res.on('close', clientGone);
  // The work may not stop at once (an ONNX call runs to its end): the stop answers without it.
  let onStop = () => undefined as void;
  const stopped = new Promise<never>((_, reject) => {
    onStop = () => {
      reject(stop!.reason);
      cancel.abort(stop!.reason);
    };
  });
  stopped.catch(() => undefined);
  if (stop?.aborted) onStop();
  else stop?.addEventListener('abort', onStop, { once: true });
  try {
    const running = work(cancel.signal);
    running.catch(() => undefined); // after a timeout its rejection has no listener left
    return await withTimeout(Promise.race([running, stopped]), timeoutMs, what, () => cancel.abort(new Error('time budget passed')));
  } finally {
    res.off('close', clientGone);
    outer?.removeEventListener('abort', onOuter);
    stop?.removeEventListener('abort', onStop);
  }
}

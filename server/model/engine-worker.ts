/** Worker-thread entry: runs the engine with the ONNX scorer, off the server's event loop. */
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine } from '../compression/engine.js';
import { countTokens } from '../compression/tokens.js';
import { createOnnxWordScorer, type OnnxWordScorerOptions } from './onnx-word-scorer.js';
import type { WorkerRequest, WorkerResponse } from './engine-pool.js';

const engine = createEngine(createOnnxWordScorer(workerData as OnnxWordScorerOptions));

parentPort!.on('message', async (msg: WorkerRequest) => {
  let reply: WorkerResponse;
  try {
    reply =
      msg.op === 'compress'
        ? { id: msg.id, ok: true, results: await engine.compress(msg.requests) }
        : { id: msg.id, ok: true, counts: msg.texts.map(countTokens) };
  } catch (err) {
    reply = { id: msg.id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(reply);
});

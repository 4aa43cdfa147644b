import type { EngineRequest, EngineResult } from './engine/engine.js';
import type { WeightsId } from '../catalog/model-catalog.js';

/**
 * Where compression and token counting run. The server uses a worker-thread pool so inference
 * never blocks the event loop; unit tests may use the engine in-process.
 */
export interface CompressionBackend {
  /** `signal` cancels the work (a timeout, a client gone): the promise rejects and the worker moves on. */
  compress(requests: readonly EngineRequest[], signal?: AbortSignal): Promise<EngineResult[]>;
  /** Jobs cancelled so far (pools that can cancel report it). */
  cancelledJobs?(): number;
  /** o200k_base counts, one per text. */
  countTokens(texts: readonly string[]): Promise<number[]>;
  /** Loads these networks ahead of the first request (every worker of a pool); see `warmUp`. */
  warm?(weights: readonly WeightsId[]): Promise<void>;
  close(): Promise<void>;
}

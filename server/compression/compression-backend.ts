import type { EngineRequest, EngineResult } from './engine.js';

/**
 * Where compression and token counting run. The server uses a worker-thread pool so inference
 * never blocks the event loop; unit tests may use the engine in-process.
 */
export interface CompressionBackend {
  compress(requests: readonly EngineRequest[]): Promise<EngineResult[]>;
  /** o200k_base counts, one per text. */
  countTokens(texts: readonly string[]): Promise<number[]>;
  close(): Promise<void>;
}

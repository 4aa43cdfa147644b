import type { WordScorer } from '../../model/word-scorer.js';
import type { CompressionBackend } from '../compression-backend.js';
import { createEngine } from '../engine/engine.js';
import { countTokens } from '../engine/text/tokens.js';

/**
 * A CompressionBackend that runs the engine on the calling thread: for tests with a fake scorer
 * and tools, never for the server (inference would block its event loop).
 */
export function createInProcessBackend(scorer: WordScorer): CompressionBackend {
  const engine = createEngine(scorer);
  return {
    compress: async (requests, signal) => {
      if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('cancelled');
      return engine.compress(requests);
    },
    countTokens: async (texts) => texts.map(countTokens),
    ...(scorer.warm ? { warm: (weights) => scorer.warm!(weights) } : {}),
    close: async () => scorer.close?.(),
  };
}

import type { EngineRequest } from '../engine/engine.js';
import type { WeightsId } from '../../catalog/model-catalog.js';

const TEXT =
  'Unworn shoes and clothing may be returned within 30 days of purchase with the original receipt. ' +
  'Sale items can be exchanged but not refunded.\n\n' +
  'Version 2.3.1 fixes a memory leak in the image cache that grew by about 40 MB an hour on long sessions.';

/**
 * One small request per network, run by each engine worker before readiness turns 200: the first
 * ONNX run of a session allocates and plans its memory, and the engine's own caches (WordPiece,
 * token counts) fill, so the first client request costs what later ones do. Query-aware weights
 * get a query (espresso is the query-free network).
 */
export function warmRequests(weights: readonly WeightsId[]): EngineRequest[] {
  return weights.map((w) => ({
    context: TEXT,
    query: w === 'espresso_v1' ? undefined : 'How long do I have to return shoes?',
    weights: w,
    ratio: 0.5,
    defaultRatio: 0.5,
    coarse: false,
    heuristicChunking: false,
    placeholders: false,
  }));
}

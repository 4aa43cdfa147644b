import type { WeightsId } from '../catalog/model-catalog.js';

/** One scoring job: a context already split into words, with the query for query-aware models. */
export interface ScoreRequest {
  weights: WeightsId;
  /** Present for query-aware (latte) weights; ignored by espresso. */
  query?: string | undefined;
  words: readonly string[];
}

/**
 * The engine's only view of the model: a KEEP probability in [0, 1] for every word.
 * Implementations must be deterministic: the same request always gives the same scores.
 */
export interface WordScorer {
  /** `cancelled`: polled between model batches; once true the call rejects ('cancelled'). */
  score(requests: readonly ScoreRequest[], cancelled?: () => boolean): Promise<Float32Array[]>;
  /** Loads weights ahead of the first request. */
  warm?(weights: readonly WeightsId[]): Promise<void>;
  close?(): Promise<void>;
}

import type { components } from '../../generated/schema.js';
import { INPUT_PRICE_PER_1M_USD } from '../catalog/prices.js';
import type { WeightsAvailability } from '../model/weights-availability.js';
import type { ModelSpec } from '../catalog/model-catalog.js';
import { languageSupport } from './language-support.js';

export type ModelRecord = components['schemas']['ModelRecord'];

/** Token accounting encoding, reported by /models. */
export const TOKENIZER = 'o200k_base';

/** The one mapping from catalog entry to the API's model record. */
export function toModelRecord(spec: ModelSpec, weights: WeightsAvailability): ModelRecord {
  return {
    id: spec.id,
    family: spec.family,
    description: spec.description,
    accepts_query: spec.query !== 'forbidden',
    query: spec.query,
    supports_dynamic: spec.supportsDynamic,
    default_target_compression_ratio: spec.defaultTargetRatio,
    max_context_tokens: spec.maxContextTokens,
    input_price_per_1m: INPUT_PRICE_PER_1M_USD[spec.id],
    status: weights.isAvailable(spec.weights) ? 'available' : 'unavailable',
    tokenizer: TOKENIZER,
    ...(spec.family === 'question-specific' ? { languages: languageSupport(spec.weights) } : {}),
  };
}

import type { components } from '../../generated/schema.js';
import type { ModelId } from '../catalog/families.js';
import { ApiError } from '../http/api-error.js';
import { costNanoUsd, INPUT_PRICE_PER_1M_USD, nanoToUsd } from '../catalog/prices.js';

export type CostEstimateRequest = components['schemas']['CostEstimateRequest'];
export type CostEstimate = components['schemas']['CostEstimate'];

/** The request's model when crema prices it; 400 `bad_request` otherwise (the field takes any string, as in the hosted API). */
function pricedModel(name: string): ModelId {
  if (Object.hasOwn(INPUT_PRICE_PER_1M_USD, name)) return name as ModelId;
  throw new ApiError('bad_request', `Unknown compression model '${name}'`, {
    field: 'compression_model',
    detail: `priced models: ${Object.keys(INPUT_PRICE_PER_1M_USD).join(', ')}`,
  });
}

/**
 * The public cost estimate: `compressed_tokens = round(input_tokens * (1 - ratio))`, and the
 * processing cost is charged on input tokens.
 * @example estimateCost({ input_tokens: 1_000_000 }) // 500000 compressed, $0.10
 */
export function estimateCost(request: CostEstimateRequest): CostEstimate {
  const model = pricedModel(request.compression_model ?? 'latte_v1');
  const ratio = request.compression_ratio ?? 0.5;
  const input = request.input_tokens;
  const compressed = Math.round(input * (1 - ratio));
  return {
    input_tokens: input,
    compressed_tokens: compressed,
    tokens_saved: input - compressed,
    compression_ratio: ratio,
    processing_cost_usd: nanoToUsd(costNanoUsd(model, input)),
    model,
    input_price_per_1m: INPUT_PRICE_PER_1M_USD[model],
  };
}

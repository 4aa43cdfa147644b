import type { ModelId } from './families.js';
import { MODEL_CATALOG } from './model-catalog.js';

/** USD per 1M original (input) tokens by model id, read from each model's catalog record. */
export const INPUT_PRICE_PER_1M_USD: Readonly<Record<ModelId, number>> = Object.fromEntries(
  Object.values(MODEL_CATALOG).map((spec) => [spec.id, spec.inputPricePer1mUsd]),
) as Record<ModelId, number>;

/** Nano-USD (1e-9 USD), the integer unit money is stored and summed in. */
const NANO_PER_USD = 1_000_000_000;

/** Cost of `tokens` input tokens in nano-USD, exact for prices with at most 3 decimals per 1M. */
export function costNanoUsd(model: ModelId, tokens: number): number {
  const nanoPerToken = Math.round((INPUT_PRICE_PER_1M_USD[model] * NANO_PER_USD) / 1_000_000);
  return tokens * nanoPerToken;
}

export function nanoToUsd(nano: number): number {
  return nano / NANO_PER_USD;
}

export function usdToNano(usd: number): number {
  return Math.round(usd * NANO_PER_USD);
}

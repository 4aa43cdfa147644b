import type { ModelId } from '../compression/families.js';

/** USD per 1M original (input) tokens. One table for the estimate, model records and billing. */
export const INPUT_PRICE_PER_1M_USD: Readonly<Record<ModelId, number>> = {
  latte_v1: 0.1,
  latte_v2: 0.1,
  espresso_v1: 0.1,
  markdown_v1: 0.1,
  hcc_latte_v1: 0.1,
  hcc_espresso_v1: 0.1,
  toc_latte_v1: 0.1,
  toc_latte_v2: 0.1,
  toc_americano_v1: 0.1,
  tdc_coldbrew_v1: 0.1,
};

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

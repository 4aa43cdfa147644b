import type { components } from '../../generated/schema.js';
import type { ModelId } from './families.js';
import { MODEL_CATALOG } from './model-catalog.js';

export type Tier = components['schemas']['Tier'];
export type RateLimits = components['schemas']['RateLimits'];
export type ScaleLimits = components['schemas']['ScaleLimits'];

/** The hosted service's published schedule (DESIGN.md section 6), lowest to highest. */
export const TIERS: readonly Tier[] = [
  { name: 'tier1', display_name: 'Tier 1', min_monthly_tokens: 0, max_api_keys: 2, rate_limits: { rpm: 60, tpm: 250_000, rpd: 5_000 } },
  { name: 'tier2', display_name: 'Tier 2', min_monthly_tokens: 1_000_000, max_api_keys: 4, rate_limits: { rpm: 120, tpm: 500_000, rpd: 10_000 } },
  { name: 'tier3', display_name: 'Tier 3', min_monthly_tokens: 5_000_000, max_api_keys: 8, rate_limits: { rpm: 250, tpm: 1_000_000, rpd: 50_000 } },
  { name: 'tier4', display_name: 'Tier 4', min_monthly_tokens: 25_000_000, max_api_keys: 16, rate_limits: { rpm: 500, tpm: 2_000_000, rpd: 100_000 } },
  { name: 'tier5', display_name: 'Tier 5', min_monthly_tokens: 100_000_000, max_api_keys: 32, rate_limits: { rpm: 1_000, tpm: 4_000_000, rpd: 5_000_000 } },
];


/** First instant of the UTC calendar month containing `now`: tiers count the month's tokens from it. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The highest tier whose threshold the month's compressed tokens reach. */
export function tierForMonthlyTokens(tokens: number): Tier {
  let current = TIERS[0]!;
  for (const tier of TIERS) if (tokens >= tier.min_monthly_tokens) current = tier;
  return current;
}

const scale = (value: number, factor: number): number => (value === -1 ? -1 : value * factor);

/** The effective limits of one model at one tier. */
export function limitsFor(tier: Tier, model: ModelId): RateLimits {
  const m = MODEL_CATALOG[model].limitMultipliers;
  const base = tier.rate_limits;
  return { rpm: scale(base.rpm, m.rpm), tpm: scale(base.tpm, m.tpm), rpd: scale(base.rpd, m.rpd) };
}

/** Every model's limits at one tier. */
export function modelLimits(tier: Tier): Record<string, RateLimits> {
  return Object.fromEntries(Object.keys(MODEL_CATALOG).map((id) => [id, limitsFor(tier, id as ModelId)]));
}

/** The `scale_limits` matrix of the tier schedule: model -> one `{tier, rate_limits}` per tier, lowest first. */
export function scaleLimits(): ScaleLimits {
  return Object.fromEntries(
    Object.keys(MODEL_CATALOG).map((id) => [id, TIERS.map((tier) => ({ tier: tier.name, rate_limits: limitsFor(tier, id as ModelId) }))]),
  );
}

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { limitsFor, tierForMonthlyTokens, TIERS } from '../../server/catalog/tiers.js';
import { MODEL_CATALOG } from '../../server/catalog/model-catalog.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();

describe('GET /api/billing/tiers', () => {
  it('returns the five tiers, lowest to highest, with the published limits', async () => {
    const res = await request(t().app).get('/api/billing/tiers');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.tiers.map((x: { name: string }) => x.name)).toEqual(['tier1', 'tier2', 'tier3', 'tier4', 'tier5']);
    const mins = res.body.tiers.map((x: { min_monthly_tokens: number }) => x.min_monthly_tokens);
    expect(mins).toEqual([...mins].sort((a: number, b: number) => a - b));
    expect(res.body.tiers[0]).toEqual({
      name: 'tier1',
      display_name: 'Tier 1',
      min_monthly_tokens: 0,
      max_api_keys: 2,
      rate_limits: { rpm: 60, tpm: 250_000, rpd: 5_000 },
    });
    expect(res.body.tiers[4].rate_limits).toEqual({ rpm: 1_000, tpm: 4_000_000, rpd: 5_000_000 });
  });

  it('returns scale_limits where latte_v2 has twice the rpm and tpm and the same rpd', async () => {
    const res = await request(t().app).get('/api/billing/tiers');
    // The hosted API's shape: model -> [{tier, rate_limits}], one entry per tier, lowest first.
    expect(res.body.scale_limits.latte_v1.map((e: { tier: string }) => e.tier)).toEqual(res.body.tiers.map((t: { name: string }) => t.name));
    for (const [i, tier] of res.body.tiers.entries()) {
      const v1 = res.body.scale_limits.latte_v1[i].rate_limits;
      const v2 = res.body.scale_limits.latte_v2[i].rate_limits;
      expect(v1).toEqual(tier.rate_limits);
      expect(v2).toEqual({ rpm: tier.rate_limits.rpm * 2, tpm: tier.rate_limits.tpm * 2, rpd: tier.rate_limits.rpd });
    }
    expect(Object.keys(res.body.scale_limits).sort()).toEqual(Object.keys(MODEL_CATALOG).sort());
  });
});

describe('tier selection', () => {
  it.each([
    [0, 'tier1'],
    [999_999, 'tier1'],
    [1_000_000, 'tier2'],
    [24_999_999, 'tier3'],
    [100_000_000, 'tier5'],
    [5_000_000_000, 'tier5'],
  ])('%i monthly tokens is %s', (tokens, name) => {
    expect(tierForMonthlyTokens(tokens).name).toBe(name);
  });

  it('keeps -1 (unlimited) unscaled', () => {
    const unlimited = { ...TIERS[0]!, rate_limits: { rpm: -1, tpm: -1, rpd: -1 } };
    expect(limitsFor(unlimited, 'latte_v2')).toEqual({ rpm: -1, tpm: -1, rpd: -1 });
  });
});

import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../../server/catalog/families.js';
import { MODEL_CATALOG } from '../../server/catalog/model-catalog.js';
import { costNanoUsd, INPUT_PRICE_PER_1M_USD } from '../../server/catalog/prices.js';
import { limitsFor, scaleLimits, TIERS } from '../../server/catalog/tiers.js';

const specs = Object.values(MODEL_CATALOG);

describe('one catalog record per model', () => {
  it('keys every record by its own id, and each family lists exactly its records, in catalog order', () => {
    for (const [key, spec] of Object.entries(MODEL_CATALOG)) expect(spec.id).toBe(key);
    expect(FAMILIES.flatMap((f) => f.models)).toEqual(specs.map((s) => s.id));
    for (const family of FAMILIES) expect(family.models.every((id) => MODEL_CATALOG[id].family === family.id)).toBe(true);
  });

  it('gives no alias twice and no alias that is also an id', () => {
    const names = [...specs.map((s) => s.id), ...specs.flatMap((s) => s.aliases)];
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(specs.map((s) => [s.id, s] as const))('%s: price and limits are read from its record', (_id, spec) => {
    expect(spec.inputPricePer1mUsd).toBeGreaterThan(0);
    expect(INPUT_PRICE_PER_1M_USD[spec.id]).toBe(spec.inputPricePer1mUsd);
    expect(costNanoUsd(spec.id, 1_000_000)).toBe(Math.round(spec.inputPricePer1mUsd * 1e9));
    for (const tier of TIERS) {
      const base = tier.rate_limits;
      const m = spec.limitMultipliers;
      expect(limitsFor(tier, spec.id)).toEqual({ rpm: base.rpm * m.rpm, tpm: base.tpm * m.tpm, rpd: base.rpd * m.rpd });
    }
    expect(scaleLimits()[spec.id]).toHaveLength(TIERS.length);
  });

  it('keeps the published multipliers: latte_v2 at twice the rpm and tpm, every other model at its tier', () => {
    const doubled = specs.filter((s) => s.limitMultipliers.rpm !== 1 || s.limitMultipliers.tpm !== 1 || s.limitMultipliers.rpd !== 1);
    expect(doubled.map((s) => [s.id, s.limitMultipliers])).toEqual([['latte_v2', { rpm: 2, tpm: 2, rpd: 1 }]]);
  });
});

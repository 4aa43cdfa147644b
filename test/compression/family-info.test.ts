import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../../server/catalog/families.js';
import { MODEL_CATALOG } from '../../server/catalog/model-catalog.js';
import type { WeightsAvailability } from '../../server/model/weights-availability.js';
import { referenceErrors } from '../helpers/reference-schema.js';
import { useTestApp } from '../helpers/test-app.js';

// Availability is injected so these tests hold whether or not weights are bundled yet.
const onlyLatte: WeightsAvailability = { isAvailable: (w) => w === 'latte_v1' || w === 'latte_v2' };

const t = useTestApp({}, { weights: onlyLatte });

describe.each(FAMILIES.map((f) => [f.id, f] as const))('%s info routes', (_id, family) => {
  it('GET /health reports the family, database and model state', async () => {
    const res = await request(t().app).get(`${family.basePath}/health`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ family: family.id, database: { status: 'ok', driver: t().db.driver } });
    expect(res.body.models.map((m: { id: string }) => m.id)).toEqual(family.models);
    const allAvailable = family.models.every((m) => onlyLatte.isAvailable(MODEL_CATALOG[m].weights));
    expect(res.body.status).toBe(allAvailable ? 'ok' : 'degraded');
    // The reference's HealthResponse: compression_server says whether this family can compress.
    expect(referenceErrors('HealthResponse', res.body)).toEqual([]);
    expect(res.body.compression_server).toBe(allAvailable);
  });

  it("GET /models answers the reference's DemoData: the family's samples and one option per model", async () => {
    const res = await request(t().app).get(`${family.basePath}/models`);
    expect(referenceErrors('DemoDataResponse', res.body)).toEqual([]);
    expect(res.body.data.sample_texts.length).toBeGreaterThan(0);
    for (const sample of res.body.data.sample_texts) expect(sample.text.trim()).not.toBe('');
    expect(res.body.data.compression_models).toEqual(
      family.models.map((id) => ({ value: id, label: expect.any(String), description: MODEL_CATALOG[id].description, tier_scale: id })),
    );
  });

  it.each(family.models.map((m) => [m]))("GET /models/%s is also the reference's DemoData, for that one model", async (modelId) => {
    const res = await request(t().app).get(`${family.basePath}/models/${modelId}`);
    expect(referenceErrors('DemoDataResponse', res.body)).toEqual([]);
    expect(res.body.data.compression_models.map((o: { value: string }) => o.value)).toEqual([modelId]);
    const list = await request(t().app).get(`${family.basePath}/models`);
    expect(res.body.data.sample_texts).toEqual(list.body.data.sample_texts);
  });

  it('GET /models lists exactly the family models with full records', async () => {
    const res = await request(t().app).get(`${family.basePath}/models`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.tokenizer).toBe('o200k_base');
    expect(res.body.data.models.map((m: { id: string }) => m.id)).toEqual(family.models);
    for (const record of res.body.data.models) {
      expect(record).toMatchObject({ family: family.id, input_price_per_1m: 0.1, tokenizer: 'o200k_base' });
    }
  });

  it.each(family.models.map((m) => [m]))('GET /models/%s returns its record', async (modelId) => {
    const res = await request(t().app).get(`${family.basePath}/models/${modelId}`);
    expect(res.status).toBe(200);
    const spec = MODEL_CATALOG[modelId];
    expect(res.body.data).toMatchObject({
      id: modelId,
      family: family.id,
      query: spec.query,
      accepts_query: spec.query !== 'forbidden',
      supports_dynamic: spec.supportsDynamic,
      default_target_compression_ratio: spec.defaultTargetRatio,
      status: onlyLatte.isAvailable(spec.weights) ? 'available' : 'unavailable',
    });
  });

  it('GET /models/{unknown} is a 404 envelope with code model_not_found', async () => {
    const res = await request(t().app).get(`${family.basePath}/models/latte_v9`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      error: expect.stringContaining('latte_v9'),
      code: 'model_not_found',
      detail: null,
      retry_after: null,
      field: 'model_id',
    });
  });

  it("GET /models/{another family's model} is also model_not_found", async () => {
    const foreign = Object.values(MODEL_CATALOG).find((m) => m.family !== family.id)!;
    const res = await request(t().app).get(`${family.basePath}/models/${foreign.id}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('model_not_found');
  });
});

describe('model flags', () => {
  it('only latte_v2 supports dynamic ratios; toc_americano_v1 forbids a query', async () => {
    const qs = await request(t().app).get('/api/compress/question-specific/models');
    const dyn = Object.fromEntries(qs.body.data.models.map((m: { id: string; supports_dynamic: boolean }) => [m.id, m.supports_dynamic]));
    expect(dyn).toEqual({ latte_v1: false, latte_v2: true });
    const toc = await request(t().app).get('/api/compress/tool-output/models/toc_americano_v1');
    expect(toc.body.data).toMatchObject({ query: 'forbidden', accepts_query: false });
  });
});

describe('tier_scale', () => {
  it("names each model's matrix in the tier schedule's scale_limits", async () => {
    const tiers = await request(t().app).get('/api/billing/tiers');
    for (const family of FAMILIES) {
      const res = await request(t().app).get(`${family.basePath}/models`);
      for (const option of res.body.data.compression_models) expect(Object.keys(tiers.body.scale_limits)).toContain(option.tier_scale);
    }
  });

  it('labels are readable names derived from the ids', async () => {
    const res = await request(t().app).get('/api/compress/tool-output/models');
    expect(Object.fromEntries(res.body.data.compression_models.map((o: { value: string; label: string }) => [o.value, o.label]))).toMatchObject({
      toc_latte_v1: 'TOC Latte v1',
      toc_americano_v1: 'TOC Americano v1',
    });
  });
});

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { FAMILIES } from '../../server/catalog/families.js';
import { createInProcessBackend } from '../../server/compression/runtime/in-process-backend.js';
import { MODEL_CATALOG } from '../../server/catalog/model-catalog.js';
import { countTokens } from '../../server/compression/engine/text/tokens.js';
import { fakeScorer } from '../helpers/fake-scorer.js';
import { referenceErrors } from '../helpers/reference-schema.js';
import { useTestApp } from '../helpers/test-app.js';

// These routes never reach the engine: an in-process one spares the file a worker thread.
const t = useTestApp({}, { backend: createInProcessBackend(fakeScorer) });
const allIds = Object.keys(MODEL_CATALOG);

describe('GET /api/compress/models', () => {
  it("lists every catalog model as the reference's DemoData, with crema's records and every family's samples", async () => {
    const res = await request(t().app).get('/api/compress/models');
    expect(res.status).toBe(200);
    expect(referenceErrors('DemoDataResponse', res.body)).toEqual([]);
    expect(res.body.data.model_type).toBeNull();
    expect(res.body.data.tokenizer).toBe('o200k_base');
    expect(res.body.data.compression_models.map((o: { value: string }) => o.value).sort()).toEqual([...allIds].sort());
    expect(res.body.data.models.map((m: { id: string }) => m.id).sort()).toEqual([...allIds].sort());
    for (const family of FAMILIES) {
      const own = await request(t().app).get(`${family.basePath}/models`);
      for (const sample of own.body.data.sample_texts) expect(res.body.data.sample_texts).toContainEqual(sample);
    }
  });

  it.each([
    ['history', 'history'],
    ['tool_output', 'tool-output'],
    ['Question-Specific', 'question-specific'],
    ['query_specific', 'question-specific'],
  ])('model_type=%s keeps the %s models only', async (modelType, family) => {
    const res = await request(t().app).get('/api/compress/models').query({ model_type: modelType });
    expect(res.status).toBe(200);
    expect(referenceErrors('DemoDataResponse', res.body)).toEqual([]);
    expect(res.body.data.model_type).toBe(family);
    const expected = FAMILIES.find((f) => f.id === family)!.models;
    expect(res.body.data.compression_models.map((o: { value: string }) => o.value).sort()).toEqual([...expected].sort());
  });

  it('a model_type that names no family gives an empty list, not an error', async () => {
    const res = await request(t().app).get('/api/compress/models').query({ model_type: 'image' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ model_type: 'image', models: [], compression_models: [], sample_texts: [] });
  });
});

describe('GET /api/compress/models/{model_id}', () => {
  it.each(allIds.map((id) => [id]))('%s: its record and the DemoData of its family', async (id) => {
    const res = await request(t().app).get(`/api/compress/models/${id}`);
    expect(res.status).toBe(200);
    expect(referenceErrors('DemoDataResponse', res.body)).toEqual([]);
    expect(res.body.data).toMatchObject({ id, family: MODEL_CATALOG[id as keyof typeof MODEL_CATALOG].family });
    expect(res.body.data.compression_models.map((o: { value: string }) => o.value)).toEqual([id]);
  });

  it.each([['latte_v9'], ['constructor']])('%s is a 404 model_not_found', async (id) => {
    const res = await request(t().app).get(`/api/compress/models/${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'model_not_found', field: 'model_id' });
  });
});

describe('GET /api/pricing/compression-models', () => {
  it("prices every model in the reference's CompressionModelsResponse", async () => {
    const res = await request(t().app).get('/api/pricing/compression-models');
    expect(res.status).toBe(200);
    expect(referenceErrors('CompressionModelsResponse', res.body)).toEqual([]);
    expect(res.body.data.map((m: { name: string }) => m.name).sort()).toEqual([...allIds].sort());
    expect(res.body.data.find((m: { name: string }) => m.name === 'latte_v2')).toMatchObject({
      display_name: 'Latte v2',
      input_price_per_1m: 0.1,
      min_tier: null,
      family: 'question-specific',
    });
  });
});

describe('POST /api/tokens/count', () => {
  it("counts o200k tokens without a key (the reference's TokenCountResponse)", async () => {
    const prompt = 'The quick brown fox jumps over the lazy dog. This is a sample text for token counting.';
    const res = await request(t().app).post('/api/tokens/count').send({ prompt });
    expect(res.status).toBe(200);
    expect(referenceErrors('TokenCountResponse', res.body)).toEqual([]);
    expect(res.body).toEqual({ tokens: countTokens(prompt), model: null, tokenizer: 'o200k_base' });
    expect(res.body.tokens).toBe(19);
  });

  it('echoes the model it was given and counts special-token text as plain text', async () => {
    const res = await request(t().app).post('/api/tokens/count').send({ prompt: 'a <|endoftext|> b', model: 'gpt-4o' });
    expect(res.status).toBe(200);
    expect(res.body.model).toBe('gpt-4o');
    expect(res.body.tokens).toBe(countTokens('a <|endoftext|> b'));
  });

  it.each([
    ['an empty prompt', { prompt: '' }],
    ['no prompt', { model: 'x' }],
    ['a prompt over 100,000 characters', { prompt: 'a '.repeat(50_001) }],
  ])('%s is a 422', async (_what, body) => {
    const res = await request(t().app).post('/api/tokens/count').send(body);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'prompt']);
  });
});

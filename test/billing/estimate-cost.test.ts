import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { startTestApp, useTestApp } from '../helpers/test-app.js';

const ROUTE = '/api/pricing/estimate-cost';
const t = useTestApp({ estimateRpmPerIp: 1000 });

describe('POST /api/pricing/estimate-cost', () => {
  it('estimates with the defaults (latte_v1, ratio 0.5)', async () => {
    const res = await request(t().app).post(ROUTE).send({ input_tokens: 1_000_000 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: null,
      data: {
        input_tokens: 1_000_000,
        compressed_tokens: 500_000,
        tokens_saved: 500_000,
        compression_ratio: 0.5,
        processing_cost_usd: 0.1,
        model: 'latte_v1',
        input_price_per_1m: 0.1,
      },
    });
  });

  it('rounds compressed tokens and prices the input volume', async () => {
    const res = await request(t().app).post(ROUTE).send({ input_tokens: 3, compression_ratio: 0.25, compression_model: 'latte_v2' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ compressed_tokens: 2, tokens_saved: 1, model: 'latte_v2', compression_ratio: 0.25 });
    expect(res.body.data.processing_cost_usd).toBeCloseTo(3e-7, 12);
  });

  it.each(['latte_v1', 'latte_v2', 'espresso_v1', 'markdown_v1', 'hcc_latte_v1', 'toc_latte_v1', 'toc_americano_v1'])(
    'knows model %s',
    async (model) => {
      const res = await request(t().app).post(ROUTE).send({ input_tokens: 10, compression_model: model });
      expect(res.status).toBe(200);
      expect(res.body.data.model).toBe(model);
    },
  );

  it.each([
    ['missing input_tokens', { compression_ratio: 0.5 }, ['body', 'input_tokens'], 'missing'],
    ['input_tokens = 0', { input_tokens: 0 }, ['body', 'input_tokens'], 'greater_than'],
    ['negative input_tokens', { input_tokens: -5 }, ['body', 'input_tokens'], 'greater_than'],
    ['fractional input_tokens', { input_tokens: 1.5 }, ['body', 'input_tokens'], 'type_error'],
    ['input_tokens as a string', { input_tokens: '5' }, ['body', 'input_tokens'], 'type_error'],
    ['ratio 0', { input_tokens: 5, compression_ratio: 0 }, ['body', 'compression_ratio'], 'greater_than'],
    ['ratio 1', { input_tokens: 5, compression_ratio: 1 }, ['body', 'compression_ratio'], 'less_than'],
    ['ratio 4', { input_tokens: 5, compression_ratio: 4 }, ['body', 'compression_ratio'], 'less_than'],
    ['negative ratio', { input_tokens: 5, compression_ratio: -0.5 }, ['body', 'compression_ratio'], 'greater_than'],
  ])('rejects %s with 422 {detail}', async (_name, body, loc, type) => {
    const res = await request(t().app).post(ROUTE).send(body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toContainEqual(expect.objectContaining({ loc, type }));
  });

  it('an unknown model is 400 with the flat error body (the field takes any string, as in the hosted API)', async () => {
    const res = await request(t().app).post(ROUTE).send({ input_tokens: 5, compression_model: 'gpt-9' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'bad_request', field: 'compression_model' });
    expect(typeof res.body.error).toBe('string');
  });
});

describe('per-IP limit on the estimate', () => {
  it('answers 429 rate_limit_exceeded with Retry-After once the IP is over its limit', async () => {
    const limited = await startTestApp({ estimateRpmPerIp: 2 });
    try {
      for (let i = 0; i < 2; i++) {
        expect((await request(limited.app).post(ROUTE).send({ input_tokens: 10 })).status).toBe(200);
      }
      const res = await request(limited.app).post(ROUTE).send({ input_tokens: 10 });
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('rate_limit_exceeded');
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(res.body.retry_after).toBe(retryAfter);
      // The tier schedule is not behind the estimate's limit.
      expect((await request(limited.app).get('/api/billing/tiers')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

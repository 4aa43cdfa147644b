import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import { ERROR_STATUS } from '../../server/http/api-error.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();

describe('error contract', () => {
  it('answers an unknown route with 404 {detail:"Not Found"}', async () => {
    const res = await request(t().app).get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not Found' });
  });

  it('answers an unknown path outside /api the same way', async () => {
    const res = await request(t().app).post('/nothing/here').send({});
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not Found' });
  });

  it('answers a wrong method on a known path with 405 {detail}', async () => {
    const res = await request(t().app).delete('/api/billing/tiers');
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ detail: 'Method Not Allowed' });
  });

  it('answers unparseable JSON with 422 json_invalid', async () => {
    const res = await request(t().app)
      .post('/api/pricing/estimate-cost')
      .set('Content-Type', 'application/json')
      .send('{"input_tokens": 12,');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }] });
  });

  it('answers a missing or non-JSON body with 422 {detail}', async () => {
    const res = await request(t().app).post('/api/pricing/estimate-cost').set('Content-Type', 'text/plain').send('hi');
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body'], type: 'model_attributes_type' });
  });

  it('answers a body over 10 MB with 413 payload_too_large', async () => {
    const big = JSON.stringify({ input_tokens: 5, pad: 'x'.repeat(10 * 1024 * 1024 + 10) });
    const res = await request(t().app).post('/api/pricing/estimate-cost').set('Content-Type', 'application/json').send(big);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'payload_too_large' });
  });

  it('missing X-API-Key on a compression route is 422 {detail} naming the header, with or without the trailing slash', async () => {
    for (const path of ['/api/compress/question-specific/', '/api/compress/question-specific']) {
      const res = await request(t().app)
        .post(path)
        .send({ context: 'a', query: 'b', compression_model_name: 'latte_v1' });
      expect(res.status).toBe(422);
      expect(res.body.detail).toContainEqual({ loc: ['header', 'x-api-key'], msg: 'Field required', type: 'missing' });
    }
  });

  it('reports every request-shape error at once, with FastAPI-style locations', async () => {
    const res = await request(t().app)
      .post('/api/compress/question-specific/batch')
      .set('X-API-Key', 'cmp_x')
      .send({ inputs: [{ context: 'a', query: '' }], compression_model_name: 'latte_v3', target_compression_ratio: 0 });
    expect(res.status).toBe(422);
    const locs = res.body.detail.map((d: { loc: unknown[] }) => d.loc.join('.'));
    expect(locs).toEqual(
      expect.arrayContaining(['body.inputs.0.query', 'body.compression_model_name', 'body.target_compression_ratio']),
    );
  });

  it('echoes a well-formed X-Request-Id and generates one otherwise', async () => {
    const given = await request(t().app).get('/api/billing/tiers').set('X-Request-Id', 'abc-123');
    expect(given.headers['x-request-id']).toBe('abc-123');
    const generated = await request(t().app).get('/api/billing/tiers').set('X-Request-Id', 'bad id with spaces');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('error code table', () => {
  const spec = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8'));
  const specCodes: string[] = spec.components.schemas.ErrorCode.enum;

  it('has exactly the codes of the spec', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...specCodes].sort());
  });

  it('maps each code to a status its documented response allows', () => {
    const documented: Record<number, string> = {
      400: 'BadRequest', 401: 'Unauthorized', 402: 'PaymentRequired', 403: 'Forbidden', 404: 'ResourceNotFound',
      409: 'Conflict', 413: 'PayloadTooLarge', 415: 'UnsupportedMediaType', 422: 'ValidationFailed', 429: 'TooManyRequests', 500: 'InternalError',
      503: 'ServiceUnavailable', 504: 'GatewayTimeout',
    };
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(documented[status], `${code} -> ${status}`).toBeDefined();
      expect(spec.components.responses[documented[status]!]).toBeDefined();
      // A client reading the spec finds each code under the response it comes with.
      expect(spec.components.responses[documented[status]!].description, `${code} in ${documented[status]}`).toMatch(new RegExp(`\\b${code}\\b`));
    }
  });

  it("sends the hosted API's SDK codes with the statuses the seed gives them, and none of the renamed ones", () => {
    // The codes the hosted SDKs switch on, for every situation crema has (see the spec's changelog).
    const sdkStatus: Record<string, number> = {
      api_key_budget_exceeded: 402,
      insufficient_credits: 429,
      daily_limit_exceeded: 429,
      rate_limit_exceeded: 429,
      context_window_exceeded: 422,
      validation_error: 422,
      model_not_found: 404,
      not_found: 404,
      authentication_error: 401,
      scope_error: 403,
      service_unavailable: 503,
      timeout: 504,
    };
    expect(Object.fromEntries(Object.keys(sdkStatus).map((c) => [c, ERROR_STATUS[c as keyof typeof ERROR_STATUS]]))).toEqual(sdkStatus);
    // No account-wide budget in crema, so no budget_limit_reached; the old names are gone.
    for (const gone of ['budget_limit_reached', 'budget_exceeded', 'insufficient_balance']) expect(specCodes).not.toContain(gone);
  });
});

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();
const KEY = `cmp_${'k'.repeat(40)}`;

// Malformed input must never reach a handler as a 500: each answers 4xx with a documented body.
const BODIES: Array<[string, string | object]> = [
  ['an array body', '[1,2,3]'],
  ['a JSON string body', '"hello"'],
  ['null', 'null'],
  ['context as a number', { context: 5, query: 'q', compression_model_name: 'latte_v1' }],
  ['query as an object', { context: 'c', query: { a: 1 }, compression_model_name: 'latte_v1' }],
  ['ratio as a string', { context: 'c', query: 'q', compression_model_name: 'latte_v1', target_compression_ratio: '0.5' }],
  ['ratio as Infinity-like huge number', '{"context":"c","query":"q","compression_model_name":"latte_v1","target_compression_ratio":1e400}'],
  ['coarse as a string', { context: 'c', query: 'q', compression_model_name: 'latte_v1', coarse: 'yes' }],
  ['deeply nested junk', { context: 'c', query: 'q', compression_model_name: 'latte_v1', extra: { a: [{ b: [null] }] }, dynamic: null }],
  ['truncated JSON', '{"context": "c", "query": '],
  ['invalid UTF-8 escape', '{"context": "\\ud800", "query": "q", "compression_model_name": "latte_v1"}'],
];

describe('malformed requests never 500', () => {
  it.each(BODIES)('%s', async (_n, body) => {
    const req = request(t().app).post('/api/compress/question-specific/').set('X-API-Key', KEY).set('Content-Type', 'application/json');
    const res = await req.send(typeof body === 'string' ? body : JSON.stringify(body));
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(Array.isArray(res.body.detail) || typeof res.body.code === 'string').toBe(true);
  });

  it('batch rows that are not objects are a 422', async () => {
    const res = await request(t().app)
      .post('/api/compress/question-specific/batch')
      .set('X-API-Key', KEY)
      .send({ inputs: [null, 'x', { context: 'c' }], compression_model_name: 'latte_v1' });
    expect(res.status).toBe(422);
    expect(res.body.detail.length).toBeGreaterThanOrEqual(3);
  });

  it('an X-API-Key with odd characters is a 401, not a crash', async () => {
    const res = await request(t().app)
      .post('/api/compress/question-specific/')
      .set('X-API-Key', 'cmp_%%%;DROP TABLE api_keys;--')
      .send({ context: 'c', query: 'q', compression_model_name: 'latte_v1' });
    expect(res.status).toBe(401);
  });

  it('a bearer token with odd characters is a 401', async () => {
    const res = await request(t().app).get('/api/profile/me').set('Authorization', "Bearer crs_'; select 1; --");
    expect(res.status).toBe(401);
  });

  it('a key id that is not a uuid is a 422, not a database error', async () => {
    const res = await request(t().app).get('/api/keys/not-a-uuid').set('Authorization', `Bearer crs_${'x'.repeat(40)}`);
    expect([401, 422]).toContain(res.status);
  });
});

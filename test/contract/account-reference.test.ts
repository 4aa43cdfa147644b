import request from 'supertest';
import type { Express } from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, signup } from '../helpers/accounts.js';
import { meteredTestApp } from '../helpers/metered-route.js';
import { referenceErrors } from '../helpers/reference-schema.js';
import { useTestApp } from '../helpers/test-app.js';

// The account-side operations of the hosted API, one realistic request each; every answer must
// validate against the reference schema for its status (crema's own spec is checked by the app).
const t = useTestApp();
let token: string;
let key: { key: string; id: string };
let app: Express;

beforeAll(async () => {
  app = t().app;
  ({ token } = await signup(app));
  key = await createKey(app, token);
  await request(meteredTestApp(t().services)).post('/metered').set('X-API-Key', key.key).send({ tokens: 1_000, compressed: 300, source: 'sdk:python' });
});

const ok = (schema: string, res: request.Response, status = 200) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(referenceErrors(schema, res.body)).toEqual([]);
};

describe('account operations answer the reference schemas', () => {
  it('GET /api/profile/role -> RoleResponse', async () => ok('RoleResponse', await request(app).get('/api/profile/role').set(bearer(token))));
  it('GET /api/profile/me -> ProfileResponse', async () => ok('ProfileResponse', await request(app).get('/api/profile/me').set(bearer(token))));
  it('PATCH /api/profile/me -> ProfileUpdateResponse', async () =>
    ok('ProfileUpdateResponse', await request(app).patch('/api/profile/me').set(bearer(token)).send({ full_name: 'Ada Lovelace', country: 'GB' })));
  it('GET /api/profile/rate-limits -> RateLimitsResponse', async () =>
    ok('RateLimitsResponse', await request(app).get('/api/profile/rate-limits').set(bearer(token))));
  it('GET /api/billing/tiers -> TiersResponse', async () => ok('TiersResponse', await request(app).get('/api/billing/tiers')));
  it('POST /api/pricing/estimate-cost -> EstimateCostResponse; unknown model 400 ErrorResponse', async () => {
    ok('EstimateCostResponse', await request(app).post('/api/pricing/estimate-cost').send({ compression_model: 'latte_v1', input_tokens: 10_000, compression_ratio: 0.3 }));
    ok('ErrorResponse', await request(app).post('/api/pricing/estimate-cost').send({ compression_model: 'some_model', input_tokens: 10_000 }), 400);
  });
  it('GET /api/usage/stats -> UsageStatsResponse', async () => {
    const res = await request(app).get('/api/usage/stats').query({ period: 'last_week', group_by: 'day', include_per_key: true }).set(bearer(token));
    ok('UsageStatsResponse', res);
    expect(res.body.data.total_requests).toBe(1);
  });
  it('POST /api/api-keys -> 201 APIKeyCreatedResponse; GET list and one; PUT revoke -> MessageResponse', async () => {
    const created = await request(app).post('/api/api-keys').set(bearer(token)).send({ name: 'sdk', scope: 'user' });
    ok('APIKeyCreatedResponse', created, 201);
    ok('APIKeyListResponse', await request(app).get('/api/api-keys').set(bearer(token)));
    ok('APIKeyResponse', await request(app).get(`/api/api-keys/${created.body.data.id}`).set(bearer(token)));
    ok('MessageResponse', await request(app).put(`/api/api-keys/${created.body.data.id}/revoke`).set(bearer(token)));
    ok('ErrorResponse', await request(app).get('/api/api-keys/00000000-0000-4000-8000-000000000000').set(bearer(token)), 404);
  });
  it('GET /api/v1/onprem/validate-key -> ValidateKeyResponse', async () =>
    ok('ValidateKeyResponse', await request(app).get('/api/v1/onprem/validate-key').set('X-API-Key', key.key)));
  it('POST /api/authorize/logout -> LogoutResponse, twice (idempotent)', async () => {
    const own = await createKey(app, token, { name: 'cli' });
    ok('LogoutResponse', await request(app).post('/api/authorize/logout').set('X-API-Key', own.key));
    ok('LogoutResponse', await request(app).post('/api/authorize/logout').set('X-API-Key', own.key));
  });
});

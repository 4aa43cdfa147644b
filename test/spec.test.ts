import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { lintSpec } from '../scripts/lint-spec.js';
import { FAMILIES } from '../server/catalog/families.js';

const spec = parse(readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8'));

describe('openapi.yaml', () => {
  it('is OpenAPI 3.1 at interface version 1.0.0', () => {
    expect(spec.openapi).toBe('3.1.0');
    expect(spec.info.version).toBe('1.0.0');
  });

  it('follows the house rules (scripts/lint-spec.ts)', () => {
    expect(lintSpec(spec)).toEqual([]);
  });

  it.each(FAMILIES.map((f) => [f.id, f.basePath]))('has all six routes of the %s family', (_id, base) => {
    expect(spec.paths[`${base}/`]?.post).toBeDefined();
    expect(spec.paths[`${base}/batch`]?.post).toBeDefined();
    expect(spec.paths[`${base}/stream`]?.post?.responses['200']).toBeDefined();
    expect(spec.paths[`${base}/health`]?.get).toBeDefined();
    expect(spec.paths[`${base}/models`]?.get).toBeDefined();
    expect(spec.paths[`${base}/models/{model_id}`]?.get).toBeDefined();
  });

  it('declares the stream response as text/event-stream', () => {
    expect(Object.keys(spec.components.responses.StreamOk.content)).toEqual(['text/event-stream']);
  });

  it('has the seven profile routes, key routes, auth routes, logout and admin top-up', () => {
    const ops = Object.entries<Record<string, unknown>>(spec.paths).flatMap(([p, item]) =>
      Object.keys(item).filter((k) => k !== 'parameters').map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(ops).toEqual(
      expect.arrayContaining([
        'POST /api/profile/create', 'GET /api/profile/role', 'GET /api/profile/me', 'PATCH /api/profile/me',
        'GET /api/profile/rate-limits', 'GET /api/profile/can-delete', 'DELETE /api/profile/delete',
        'POST /api/keys', 'GET /api/keys', 'GET /api/keys/{key_id}', 'PATCH /api/keys/{key_id}', 'DELETE /api/keys/{key_id}',
        'POST /api/auth/signup', 'POST /api/auth/login', 'POST /api/auth/logout-session', 'POST /api/authorize/logout',
        'POST /api/admin/accounts/{account_id}/credits', 'GET /api/billing/tiers', 'POST /api/pricing/estimate-cost',
        'GET /api/api-keys', 'POST /api/api-keys', 'GET /api/api-keys/{key_id}', 'PUT /api/api-keys/{key_id}/revoke',
        'GET /api/usage/stats', 'GET /api/v1/onprem/validate-key',
      ]),
    );
  });

  it('constrains ratios as the description does', () => {
    const ratio = spec.components.schemas.TargetCompressionRatio;
    expect(ratio).toMatchObject({ exclusiveMinimum: 0, maximum: 200 });
    expect(spec.components.schemas.DynamicRatioBound).toMatchObject({ minimum: 1 });
    const est = spec.components.schemas.CostEstimateRequest.properties.compression_ratio;
    expect(est).toMatchObject({ exclusiveMinimum: 0, exclusiveMaximum: 1, default: 0.5 });
  });
});

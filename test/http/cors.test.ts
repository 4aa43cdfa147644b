import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.js';

const allowed = 'https://app.example.com';
const withCors = useTestApp({ corsOrigins: [allowed, 'http://localhost:5173'] });
const without = useTestApp();

const preflight = (app: () => { app: Parameters<typeof request>[0] }, origin: string) =>
  request(app().app)
    .options('/api/compress/question-specific/')
    .set('Origin', origin)
    .set('Access-Control-Request-Method', 'POST')
    .set('Access-Control-Request-Headers', 'content-type,x-api-key');

describe('CORS', () => {
  it('answers a preflight from a configured origin with 204 and the methods and headers it may use', async () => {
    const res = await preflight(withCors, allowed);
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(allowed);
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(res.headers['access-control-allow-headers']?.toLowerCase()).toContain('x-api-key');
    expect(res.headers['access-control-max-age']).toBe('600');
    expect(res.headers['vary']).toMatch(/Origin/);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('marks actual responses for a configured origin and exposes Retry-After and X-Request-Id', async () => {
    const res = await request(withCors().app).get('/api/billing/tiers').set('Origin', 'http://localhost:5173');
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(res.headers['access-control-expose-headers']).toContain('Retry-After');
  });

  it('gives another origin no allow-origin header, so the browser blocks it', async () => {
    const res = await preflight(withCors, 'https://evil.example.net');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const get = await request(withCors().app).get('/api/billing/tiers').set('Origin', 'https://evil.example.net');
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends no CORS headers at all by default (CORS_ORIGINS unset)', async () => {
    const res = await preflight(without, allowed);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.status).not.toBe(204);
    const get = await request(without().app).get('/api/billing/tiers').set('Origin', allowed);
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });
});

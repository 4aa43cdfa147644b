import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp({ requireHttps: true, trustProxy: 'loopback' });

describe('REQUIRE_HTTPS', () => {
  it('rejects plain HTTP with a 403 https_required envelope', async () => {
    const res = await request(t().app).get('/api/billing/tiers');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'https_required' });
  });

  it('accepts a request a trusted proxy marks as HTTPS', async () => {
    const res = await request(t().app).get('/api/billing/tiers').set('X-Forwarded-Proto', 'https');
    expect(res.status).toBe(200);
  });
});

import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();

describe('health when the database is gone', () => {
  it('answers 503 with status unavailable and Retry-After', async () => {
    await t().db.db.destroy();
    const res = await request(t().app).get('/api/compress/question-agnostic/health');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toMatchObject({ status: 'unavailable', database: { status: 'error' } });
  });
});

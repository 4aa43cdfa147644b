import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompressionBackend } from '../../server/compression/compression-backend.js';
import { warmRoutePaths, warmRoutes } from '../../server/http/warm-routes.js';
import { loadSpec } from '../../server/project/openapi-spec.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// Warm-up requests must never reach the engine.
let engineCalls = 0;
const backend: CompressionBackend = {
  countTokens: async (texts) => (engineCalls++, texts.map(() => 1)),
  compress: async () => {
    engineCalls++;
    throw new Error('not reached');
  },
  close: async () => undefined,
};

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const sink = new Writable({ write: (chunk: Buffer, _enc, done) => (lines.push(chunk.toString()), done()) });
  t = await startTestApp({}, { backend, logger: pino({ level: 'info' }, sink) });
});
afterAll(() => t.close());

describe('warmRoutes', () => {
  it('warms every compression route with a body and token counting', () => {
    const paths = warmRoutePaths(loadSpec());
    // 6 families x (single, batch, stream) + /api/tokens/count
    expect(paths).toHaveLength(19);
    expect(paths).toContain('/api/compress/question-specific/');
    expect(paths).toContain('/api/compress/tool-discovery/stream');
    expect(paths).toContain('/api/tokens/count');
  });

  it('sends each one request that stops at the validator: no engine call, no usage row, no log line, no metric', async () => {
    const { routes } = await warmRoutes(t.app, warmRoutePaths(loadSpec()));
    expect(routes).toBe(19);
    expect(engineCalls).toBe(0);
    expect(await t.db.db.selectFrom('usage_events').select('id').execute()).toEqual([]);
    expect(lines.filter((l) => l.includes('/api/'))).toEqual([]);
    const metrics = await request(t.app).get('/metrics');
    expect(metrics.text).not.toMatch(/crema_http_requests_total\{[^}]*route="\/api\/compress/);
    // A client's request after it is validated as usual (a body that is not an object is a 4xx).
    const res = await request(t.app).post('/api/compress/question-specific/').set('content-type', 'application/json').send('[]');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(lines.some((l) => l.includes('/api/compress/question-specific/'))).toBe(true);
  });
});

import http from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';
import { applyServerTimeouts } from '../../server/http/server-timeouts.js';
import { useApiKey } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();
const key = useApiKey(() => t().app);
const STREAM = '/api/compress/question-specific/stream';
const BODY = { context: 'Paris is the capital of France. It is large.', query: 'capital?', compression_model_name: 'latte_v1' };

describe('connection handling', () => {
  it('a stream honours Connection: close', async () => {
    const res = await request(t().app).post(STREAM).set('X-API-Key', key()).set('Connection', 'close').send(BODY);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    expect(res.headers['connection']).toBe('close');
  });

  it('keep-alive outlives a typical load balancer idle timeout (65 s by default), headers timeout above it', () => {
    const server = http.createServer();
    applyServerTimeouts(server, loadConfig({}).keepAliveTimeoutMs);
    expect(server.keepAliveTimeout).toBe(65_000);
    expect(server.headersTimeout).toBe(66_000);
    expect(loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '120000' }).keepAliveTimeoutMs).toBe(120_000);
  });
});

import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { proxyRoutes } from '../../server/proxy/proxy.routes.js';

describe('proxyRoutes', () => {
  it('mounts only the providers that have an upstream; a body that is not JSON gets the provider shape', async () => {
    const app = express();
    const unused = undefined as never;
    app.use(proxyRoutes({ upstreams: { anthropic: 'http://127.0.0.1:9' }, keys: unused, compress: unused, compressionTimeoutMs: 1000, logger: pino({ level: 'silent' }) }));
    expect((await request(app).post('/v1/chat/completions').send({ messages: [] })).status).toBe(404);
    expect((await request(app).post('/v1/messages').send({})).status).toBe(400);
    const bad = await request(app).post('/v1/messages').set('content-type', 'application/json').send('{"messages": [');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining('not valid JSON') } });
  });
});

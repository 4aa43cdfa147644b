import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompressionBackend } from '../../server/compression/compression-backend.js';
import { drainable } from '../../server/http/drain.js';
import { gracefulStop } from '../../server/http/graceful-stop.js';
import { alreadyReady, stoppable } from '../../server/model/readiness.js';
import { createKey, signup } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// Compression that never ends by itself: what is still running when the grace period is over.
let entered = 0;
const backend: CompressionBackend = {
  countTokens: async (texts) => texts.map((t) => t.split(/\s+/).length),
  compress: (_requests, signal) => {
    entered++;
    return new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason as Error)));
  },
  close: async () => undefined,
};

const readiness = stoppable(alreadyReady());
let t: TestApp;
let server: http.Server;
let baseUrl: string;
beforeAll(async () => {
  t = await startTestApp({}, { backend, readiness, logger: pino({ level: 'silent' }) });
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await t.close();
});

const BODY = { context: 'Paris is the capital of France. The weather there is mild.', query: 'capital?', compression_model_name: 'latte_v2' };

describe('a stop whose grace period ends with requests still running', () => {
  it('turns readiness 503 at once, answers a request 503 and ends a stream with an error frame, releases their holds and exits 0', async () => {
    const { token } = await signup(t.app);
    const { key } = await createKey(t.app, token);
    const post = (p: string) => fetch(`${baseUrl}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify(BODY) });
    const single = post('/api/compress/question-specific/');
    const stream = post('/api/compress/question-specific/stream');
    await expect.poll(() => entered, { timeout: 10_000 }).toBe(2);
    // Both hold their worst case once their holds land: the hold is taken while the engine runs
    // (overlapHold), so on PostgreSQL it can come after the engine was entered.
    await expect.poll(() => t.services.billing.openHolds().length, { timeout: 10_000 }).toBe(2);

    const logged: string[] = [];
    let exitCode: number | undefined;
    const { drain } = drainable(server);
    const stop = gracefulStop({
      markStopping: () => readiness.stop(),
      drain,
      graceMs: 300,
      cutShort: (detail) => t.services.stop.stopInFlightWork(detail),
      closeAllConnections: () => server.closeAllConnections(),
      releaseOpenHolds: () => t.services.billing.releaseOpenHolds(),
      closeResources: async () => undefined,
      logger: { info: (_o: object, m?: string) => void logged.push(m ?? ''), warn: (o: object | string, m?: string) => void logged.push(m ?? String(o)), error: (_o: object, m?: string) => void logged.push(m ?? '') },
      exit: (code) => {
        exitCode = code;
      },
    });
    const stopping = stop('SIGTERM');
    const ready = await request(t.app).get('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('stopping');
    expect(ready.headers['retry-after']).toBeDefined();

    const answered = await single;
    expect(answered.status).toBe(503);
    expect(answered.headers.get('retry-after')).toBe('1');
    const body = (await answered.json()) as { success: boolean; code: string; detail: string };
    expect(body).toMatchObject({ success: false, code: 'service_unavailable' });
    expect(body.detail).toContain('grace period');

    const streamed = await stream;
    expect(streamed.status).toBe(200);
    const frames = (await streamed.text()).split('\n\n').filter((f) => f.startsWith('data: ')).map((f) => JSON.parse(f.slice(6)) as { done: boolean; error: string | null });
    expect(frames.at(-1)).toMatchObject({ done: true, error: 'The server is shutting down' });

    await stopping;
    expect(exitCode).toBe(0);
    expect(logged).toContain('grace period over: cancelling the requests still running');
    expect(logged.at(-1)).toBe('stopped');
    // Nothing charged, nothing left pending.
    expect(t.services.billing.openHolds()).toEqual([]);
    const rows = await t.db.db.selectFrom('usage_events').select(['status']).execute();
    expect(rows.map((r) => r.status).sort()).toEqual(['released', 'released']);
  }, 30_000);
});

import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCremaClient, errorCode, isApiKeyShaped, readStreamEvents } from '../../client/index.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  t = await startTestApp();
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

describe('typed client', () => {
  it('reads the tier schedule', async () => {
    const crema = createCremaClient({ baseUrl });
    const { data, error, response } = await crema.GET('/api/billing/tiers');
    expect(response.status).toBe(200);
    expect(error).toBeUndefined();
    expect(data?.tiers.map((x) => x.name)).toEqual(['tier1', 'tier2', 'tier3', 'tier4', 'tier5']);
  });

  it('gets a cost estimate and returns 422 bodies as error, not as a throw', async () => {
    const crema = createCremaClient({ baseUrl: `${baseUrl}/` });
    const ok = await crema.POST('/api/pricing/estimate-cost', { body: { input_tokens: 2_000_000, compression_ratio: 0.75 } });
    expect(ok.data?.data).toMatchObject({ compressed_tokens: 500_000, processing_cost_usd: 0.2 });
    const bad = await crema.POST('/api/pricing/estimate-cost', { body: { input_tokens: 0 } });
    expect(bad.response.status).toBe(422);
    expect(errorCode(bad.error)).toBe('validation_error');
  });

  it('reads a model record and maps the 404 envelope to its code', async () => {
    const crema = createCremaClient({ baseUrl });
    const found = await crema.GET('/api/compress/question-specific/models/{model_id}', { params: { path: { model_id: 'latte_v2' } } });
    expect(found.data?.data.supports_dynamic).toBe(true);
    const missing = await crema.GET('/api/compress/question-specific/models/{model_id}', { params: { path: { model_id: 'nope' } } });
    expect(errorCode(missing.error)).toBe('model_not_found');
  });

  it('sends the API key as X-API-Key and refuses a key without the cmp_ prefix before sending', async () => {
    const seen: string[] = [];
    const spy: typeof fetch = async (input) => {
      const req = input as Request;
      seen.push(req.headers.get('X-API-Key') ?? '');
      return new Response('{"detail":"Not Found"}', { status: 404, headers: { 'content-type': 'application/json' } });
    };
    const key = `cmp_${'a'.repeat(32)}`;
    const crema = createCremaClient({ baseUrl, apiKey: key, fetch: spy });
    await crema.GET('/api/billing/tiers');
    expect(seen).toEqual([key]);
    expect(() => createCremaClient({ baseUrl, apiKey: 'sk-123' })).toThrow(/cmp_/);
    expect(isApiKeyShaped('cmp_short')).toBe(false);
  });
});

describe('errorCode', () => {
  it('accepts the flat, the nested and the framework forms', () => {
    expect(errorCode({ success: false, code: 'scope_error' })).toBe('scope_error');
    expect(errorCode({ success: false, data: null, error: { code: 'invalid_api_key', message: 'x' } })).toBe('invalid_api_key');
    expect(errorCode({ detail: [{ loc: ['body'], msg: 'x', type: 'missing' }] })).toBe('validation_error');
    expect(errorCode({ detail: 'Not Found' })).toBe('not_found');
    expect(errorCode('nope')).toBeUndefined();
  });
});

describe('readStreamEvents', () => {
  function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
    const enc = new TextEncoder();
    return new ReadableStream({
      start(controller) {
        for (const c of chunks) controller.enqueue(enc.encode(c));
        controller.close();
      },
    });
  }

  it('reassembles frames split across chunks and concatenates content in order', async () => {
    const frames = [
      'data: {"content":"Hello, ","done":false,"error":null}\n\n',
      'data: {"content":"world","done":true,"error":null}\n\n',
    ].join('');
    const chunks = [frames.slice(0, 7), frames.slice(7, 40), frames.slice(40, 41), frames.slice(41)];
    const events = [];
    for await (const e of readStreamEvents(streamOf(chunks))) events.push(e);
    expect(events.map((e) => e.content).join('')).toBe('Hello, world');
    expect(events.at(-1)?.done).toBe(true);
  });

  it('yields an error event as is', async () => {
    const events = [];
    for await (const e of readStreamEvents(streamOf(['data: {"content":"","done":true,"error":"timeout"}\r\n\r\n']))) {
      events.push(e);
    }
    expect(events).toEqual([{ content: '', done: true, error: 'timeout' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { backoffDelay, createCremaClient, CremaError, errorCode, isRetrySafe, retryingFetch, streamEvents } from '../../client/index.js';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const flat = (code: string, retryAfter: number | null = null) => ({ success: false, error: code, code, detail: null, retry_after: retryAfter, field: null });

/** A fetch answering from a script, one response (or thrown error) per call. */
function scripted(answers: Array<Response | Error>): { fetch: typeof fetch; bodies: string[] } {
  const bodies: string[] = [];
  return {
    bodies,
    fetch: async (input, init) => {
      bodies.push(await new Request(input, init).text());
      const next = answers.shift();
      if (!next) throw new Error('script exhausted');
      if (next instanceof Error) throw next;
      return next;
    },
  };
}

describe('retryingFetch', () => {
  const url = 'http://crema.test/api/compress/question-agnostic/';
  const post = { method: 'POST', body: '{"context":"x"}', headers: { 'content-type': 'application/json' } };

  it('waits full-jitter doubling backoff under the cap, and sends the body again on each attempt', async () => {
    const sleeps: number[] = [];
    const s = scripted([json(503, flat('service_unavailable')), json(500, flat('internal_error')), json(503, flat('service_unavailable')), json(200, { ok: true })]);
    const f = retryingFetch(s.fetch, { attempts: 4, sleep: async (ms) => void sleeps.push(ms), random: () => 0.999 });
    const res = await f(url, post);
    expect(res.status).toBe(200);
    expect(sleeps).toEqual([499, 999, 1998]);
    expect(s.bodies).toEqual(Array(4).fill('{"context":"x"}'));
  });

  it('caps the backoff at maxDelayMs; Retry-After (seconds or HTTP date) is a floor', async () => {
    const o = { baseDelayMs: 500, maxDelayMs: 30_000, random: () => 0.999 };
    expect(backoffDelay(10, 0, o)).toBe(29_970);
    expect(backoffDelay(1, 0, { ...o, random: () => 0 })).toBe(0);
    expect(backoffDelay(1, 7_000, o)).toBe(7_000);

    const sleeps: number[] = [];
    const now = Date.parse('2026-01-01T00:00:00Z');
    const s = scripted([json(429, flat('rate_limit_exceeded', null), { 'Retry-After': 'Thu, 01 Jan 2026 00:00:05 GMT' }), json(429, flat('rate_limit_exceeded', 3)), json(200, {})]);
    const f = retryingFetch(s.fetch, { sleep: async (ms) => void sleeps.push(ms), random: () => 0, now: () => now });
    expect((await f(url, post)).status).toBe(200);
    expect(sleeps).toEqual([5_000, 3_000]);
  });

  it('hands back a Retry-After longer than maxRetryAfterMs instead of waiting hours', async () => {
    const sleeps: number[] = [];
    const s = scripted([json(429, flat('rate_limit_exceeded', 7200), { 'Retry-After': '7200' })]);
    const res = await retryingFetch(s.fetch, { sleep: async (ms) => void sleeps.push(ms) })(url, post);
    expect(res.status).toBe(429);
    expect(sleeps).toEqual([]);
  });

  it('retries a key daily cap 429 (daily_limit_exceeded) at its Retry-After, never a balance 429 (insufficient_credits, or an older server\'s insufficient_balance)', async () => {
    const sleeps: number[] = [];
    const sleep = async (ms: number) => void sleeps.push(ms);
    const capped = scripted([json(429, flat('daily_limit_exceeded', 2), { 'Retry-After': '2' }), json(200, {})]);
    expect((await retryingFetch(capped.fetch, { sleep, random: () => 0 })(url, post)).status).toBe(200);
    expect(sleeps).toEqual([2_000]);
    for (const code of ['insufficient_credits', 'insufficient_balance']) {
      const broke = scripted([json(429, flat(code)), json(200, {})]);
      expect((await retryingFetch(broke.fetch, { sleep })(url, post)).status, code).toBe(429);
    }
    expect(sleeps).toEqual([2_000]);
  });

  it.each([401, 402, 403, 404, 422])('never retries %i', async (status) => {
    const s = scripted([json(status, flat('x')), json(200, {})]);
    expect((await retryingFetch(s.fetch, { sleep: async () => undefined })(url, post)).status).toBe(status);
  });

  it('does not repeat a key creation after a 500 or a network error, but does after a 503', async () => {
    const keys = 'http://crema.test/api/keys';
    expect(isRetrySafe('POST', keys)).toBe(false);
    expect(isRetrySafe('POST', url)).toBe(true);
    expect(isRetrySafe('DELETE', `${keys}/k1`)).toBe(true);
    const sleep = async () => undefined;
    expect((await retryingFetch(scripted([json(500, flat('internal_error')), json(201, {})]).fetch, { sleep })(keys, post)).status).toBe(500);
    await expect(retryingFetch(scripted([new TypeError('fetch failed'), json(201, {})]).fetch, { sleep })(keys, post)).rejects.toThrow('fetch failed');
    expect((await retryingFetch(scripted([json(503, flat('service_unavailable')), json(201, {})]).fetch, { sleep })(keys, post)).status).toBe(201);
  });
});

describe('CremaError', () => {
  it.each([
    ['flat', flat('scope_error'), 'scope_error', 'scope_error'],
    ['nested', { success: false, data: null, error: { code: 'invalid_api_key', message: 'Invalid API key' } }, 'invalid_api_key', 'Invalid API key'],
    ['detail list', { detail: [{ loc: ['header', 'x-api-key'], msg: 'Field required', type: 'missing' }] }, 'validation_error', 'header.x-api-key: Field required'],
    ['detail string', { detail: 'Not Found' }, 'not_found', 'Not Found'],
  ])('reads the %s envelope', (_name, body, code, message) => {
    const err = CremaError.fromResponse(json(400, body), body);
    expect(err).toMatchObject({ status: 400, code, message });
  });

  it.each([
    ['budget_exceeded', 402, 'api_key_budget_exceeded'],
    ['insufficient_balance', 429, 'insufficient_credits'],
    ['api_key_budget_exceeded', 402, 'api_key_budget_exceeded'],
    ['daily_limit_exceeded', 429, 'daily_limit_exceeded'],
  ])('reads %s (HTTP %i) as %s: an older server\'s codes under their current names', (sent, status, code) => {
    expect(CremaError.fromResponse(json(status, flat(sent)), flat(sent))).toMatchObject({ status, code });
    expect(errorCode({ success: false, data: null, error: { code: sent, message: 'm' } })).toBe(code);
  });

  it('takes retryAfter from the body, else from the header', () => {
    expect(CremaError.fromResponse(json(429, {}, { 'Retry-After': '12' }), flat('rate_limit_exceeded', 30)).retryAfter).toBe(30);
    expect(CremaError.fromResponse(json(503, {}, { 'Retry-After': '12' }), { detail: 'x' }).retryAfter).toBe(12);
  });
});

describe('stream helper', () => {
  function body(chunks: string[]): ReadableStream<Uint8Array> {
    const enc = new TextEncoder();
    return new ReadableStream({
      start(c) {
        for (const chunk of chunks) c.enqueue(enc.encode(chunk));
        c.close();
      },
    });
  }

  it('yields events split across chunks (even inside a multi-byte character), then throws on an error frame', async () => {
    const text = 'data: {"content":"caf\u00e9 ","done":false,"error":null}\n\ndata: {"content":"ok","done":false,"error":null}\n\ndata: {"content":"","done":true,"error":"compression timed out"}\n\n';
    const bytes = new TextEncoder().encode(text);
    const cut = [3, 20, 22, 50, 61, bytes.length]; // 22 falls inside the two bytes of é
    const chunks: Uint8Array[] = [];
    cut.reduce((from, to) => (chunks.push(bytes.slice(from, to)), to), 0);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (const chunk of chunks) c.enqueue(chunk);
        c.close();
      },
    });
    const seen: string[] = [];
    const err = await (async () => {
      for await (const e of streamEvents(stream)) seen.push(e.content);
    })().catch((e: unknown) => e);
    expect(seen).toEqual(['caf\u00e9 ', 'ok']);
    expect(err).toBeInstanceOf(CremaError);
    expect(err).toMatchObject({ code: 'stream_error', message: 'compression timed out' });
  });

  it('client.stream turns a pre-stream 429 into a CremaError and reads frames over a split body', async () => {
    const key = `cmp_${'a'.repeat(40)}`;
    const limited = createCremaClient({ baseUrl: 'http://crema.test', apiKey: key, retry: false, fetch: async () => json(429, flat('insufficient_credits')) });
    const err = await (async () => {
      for await (const _ of limited.stream('question-agnostic', { context: 'x', compressionModelName: 'espresso_v1' })) void _;
    })().catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 429, code: 'insufficient_credits' });

    const frames = ['data: {"content":"a","do', 'ne":false,"error":null}\n', '\ndata: {"content":"b","done":true,"error":null}\n\n'];
    const ok = createCremaClient({ baseUrl: 'http://crema.test', apiKey: key, fetch: async () => new Response(body(frames), { headers: { 'content-type': 'text/event-stream' } }) });
    const out: string[] = [];
    for await (const e of ok.stream('question-agnostic', { context: 'x', compressionModelName: 'espresso_v1' })) out.push(e.content);
    expect(out).toEqual(['a', 'b']);
  });
});

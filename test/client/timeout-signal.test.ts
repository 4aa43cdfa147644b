import { describe, expect, it } from 'vitest';
import { createCremaClient, CremaError } from '../../client/index.js';

const KEY = `cmp_${'a'.repeat(40)}`;

/** A fetch that answers only when `answer` says so, and rejects like undici when its request is aborted. */
function fakeFetch(answer: (request: Request) => Promise<Response> | Response | undefined) {
  const seen: Request[] = [];
  const fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    seen.push(request);
    // The signal passed in, as undici's fetch reads it (a copied Request's own signal follows it only weakly).
    const signal = init?.signal ?? request.signal;
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason));
      const r = answer(request);
      if (r) Promise.resolve(r).then(resolve, reject);
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

const json = (status: number, body: unknown): Response => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('client timeout, per-call signal and failure messages', () => {
  it('timeout: a call with no answer fails with code timeout, naming the URL', async () => {
    const { fetch } = fakeFetch(() => undefined);
    const crema = createCremaClient({ baseUrl: 'http://crema.test', fetch, timeout: 50 });
    const err = (await crema.tiers().catch((e: unknown) => e)) as CremaError;
    expect(err).toBeInstanceOf(CremaError);
    expect([err.code, err.status, err.message]).toEqual(['timeout', 0, 'no answer from http://crema.test/api/billing/tiers within 50 ms (the timeout option)']);
  });

  it('timeout covers the retries: a 503 answered every time stops at the timeout, not after the backoff', async () => {
    const { fetch, seen } = fakeFetch(() => json(503, { success: false, code: 'service_unavailable', error: 'busy' }));
    const crema = createCremaClient({ baseUrl: 'http://crema.test', apiKey: KEY, fetch, timeout: 100, retry: { baseDelayMs: 60_000, random: () => 0.99 } });
    const err = (await crema.compress('markdown', { context: 'x', compressionModelName: 'markdown_v1' }).catch((e: unknown) => e)) as CremaError;
    expect(err.code).toBe('timeout');
    // one attempt, then the ~59 s backoff wait was cut short by the timeout (the test would time out otherwise)
    expect(seen).toHaveLength(1);
  });

  it('a per-call signal aborts the call, also while it waits to retry', async () => {
    const { fetch } = fakeFetch(() => json(503, { success: false, code: 'service_unavailable', error: 'busy' }));
    const crema = createCremaClient({ baseUrl: 'http://crema.test', apiKey: KEY, fetch, retry: { baseDelayMs: 60_000, random: () => 0.99 } });
    const controller = new AbortController();
    const pending = crema.compress('markdown', { context: 'x', compressionModelName: 'markdown_v1' }, { signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 20);
    const err = (await pending) as CremaError;
    expect([err.code, err.message]).toEqual(['aborted', 'the call to http://crema.test/api/compress/markdown/ was aborted']);
  });

  it('no connection: network_error names the URL and the system error', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:8080'), { code: 'ECONNREFUSED' }) })));
    const crema = createCremaClient({ baseUrl: 'http://10.0.0.1:8080/', fetch, retry: false });
    const err = (await crema.tiers().catch((e: unknown) => e)) as CremaError;
    expect([err.code, err.message]).toEqual(['network_error', 'could not reach the server at http://10.0.0.1:8080/api/billing/tiers (fetch failed: ECONNREFUSED)']);
  });

  it('keys.update sends PATCH /api/keys/{id} with the wire body and returns the key', async () => {
    const key = { id: 'k1', name: 'ci', monthly_budget_usd: 25 };
    const { fetch, seen } = fakeFetch(() => json(200, { success: true, message: null, data: key }));
    const crema = createCremaClient({ baseUrl: 'http://crema.test', token: 'tok', fetch });
    expect(await crema.keys.update('k 1', { monthlyBudgetUsd: 25 })).toEqual(key);
    expect([seen[0]!.method, seen[0]!.url, seen[0]!.headers.get('Authorization'), await seen[0]!.clone().json()]).toEqual([
      'PATCH',
      'http://crema.test/api/keys/k%201',
      'Bearer tok',
      { monthly_budget_usd: 25 },
    ]);
  });
});

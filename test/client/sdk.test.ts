import { describe, expect, it } from 'vitest';
import { createCremaClient, CremaError, type RetryOptions } from '../../client/index.js';
import { createKey, signup } from '../helpers/accounts.js';
import { useListeningApp } from '../helpers/listening-app.js';
import { TOPICS } from '../helpers/texts.js';

// Two estimates a minute per IP, so the third one meets the real per-IP limiter.
const t = useListeningApp({ estimateRpmPerIp: 2 });
const context = [...TOPICS['volcano']!, ...TOPICS['bakery']!].join('\n\n');

/** A fetch that counts the requests it passes on to the real one. */
function countingFetch(): { fetch: typeof fetch; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    fetch: async (input, init) => {
      const req = new Request(input, init);
      calls.push(`${req.method} ${new URL(req.url).pathname}`);
      return globalThis.fetch(req);
    },
  };
}

/** Retry collaborators that record instead of waiting. */
function recordingRetry(extra: RetryOptions = {}): { retry: RetryOptions; sleeps: number[] } {
  const sleeps: number[] = [];
  return { sleeps, retry: { sleep: async (ms) => void sleeps.push(ms), random: () => 0.5, ...extra } };
}

async function account(keyBody: Record<string, unknown> = {}) {
  const s = await signup(t().app);
  return { ...s, key: (await createKey(t().app, s.token, keyBody)).key };
}

async function caught(p: Promise<unknown>): Promise<CremaError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CremaError);
  return err as CremaError;
}

describe('SDK against a running server', () => {
  it('compresses with camelCase options sent as snake_case, single and batch', async () => {
    const { key } = await account();
    const crema = createCremaClient({ baseUrl: t().baseUrl, apiKey: key });
    const out = await crema.compress('question-specific', { context, query: 'When did the volcano erupt?', compressionModelName: 'latte_v2', targetCompressionRatio: 0.5, disablePlaceholders: true });
    expect(out.target_compression_ratio).toBe(0.5);
    expect(out.original_tokens).toBeGreaterThan(out.compressed_tokens);
    expect(out.compressed_context).not.toContain('[...]');
    const batch = await crema.compressBatch('question-agnostic', { inputs: [{ context }, { context: null }], compressionModelName: 'espresso_v1' });
    expect(batch.count).toBe(2);
    expect(batch.results[1]!.original_tokens).toBe(0);
  });

  it('streams events from a /stream route', async () => {
    const { key } = await account();
    const crema = createCremaClient({ baseUrl: t().baseUrl, apiKey: key });
    const events = [];
    for await (const e of crema.stream('markdown', { context: `# Notes\n\n${context}`, compressionModelName: 'markdown_v1' })) events.push(e);
    expect(events.at(-1)!.done).toBe(true);
    expect(events.map((e) => e.content).join('')).toContain('# Notes');
  });

  it('throws one typed error: 401 invalid_api_key, 422 validation_error with field, no retry on either', async () => {
    const counted = countingFetch();
    const { retry, sleeps } = recordingRetry();
    const stranger = createCremaClient({ baseUrl: t().baseUrl, apiKey: `cmp_${'Z'.repeat(40)}`, fetch: counted.fetch, retry });
    const unauthorized = await caught(stranger.compress('question-agnostic', { context, compressionModelName: 'espresso_v1' }));
    expect(unauthorized).toMatchObject({ status: 401, code: 'invalid_api_key', retryAfter: null });
    expect(unauthorized.requestId).toBeTruthy();

    const { key } = await account();
    const crema = createCremaClient({ baseUrl: t().baseUrl, apiKey: key, fetch: counted.fetch, retry });
    const invalid = await caught(crema.compress('question-specific', { context, query: 'q', compressionModelName: 'latte_v2', targetCompressionRatio: 500 }));
    expect(invalid).toMatchObject({ status: 422, code: 'validation_error' });
    expect(counted.calls).toHaveLength(2);
    expect(sleeps).toEqual([]);
  });

  it('does not retry 402 api_key_budget_exceeded or 429 insufficient_credits', async () => {
    const counted = countingFetch();
    const { retry, sleeps } = recordingRetry();
    const capped = await account({ monthly_budget_usd: 0.000001 });
    const crema = createCremaClient({ baseUrl: t().baseUrl, apiKey: capped.key, fetch: counted.fetch, retry });
    expect(await caught(crema.compress('question-agnostic', { context, compressionModelName: 'espresso_v1' }))).toMatchObject({ status: 402, code: 'api_key_budget_exceeded' });

    const broke = await account();
    await t().db.db.updateTable('accounts').set({ balance_nusd: 10 }).where('id', '=', broke.accountId).execute();
    const poor = createCremaClient({ baseUrl: t().baseUrl, apiKey: broke.key, fetch: counted.fetch, retry });
    expect(await caught(poor.compress('question-agnostic', { context, compressionModelName: 'espresso_v1' }))).toMatchObject({ status: 429, code: 'insufficient_credits' });
    expect(counted.calls).toHaveLength(2);
    expect(sleeps).toEqual([]);
  });

  it('retries 429 rate_limit_exceeded with Retry-After as the floor of each wait, then hands back the error', async () => {
    const counted = countingFetch();
    const { retry, sleeps } = recordingRetry();
    const crema = createCremaClient({ baseUrl: t().baseUrl, fetch: counted.fetch, retry });
    await crema.estimateCost({ inputTokens: 1000 });
    await crema.estimateCost({ inputTokens: 1000 });
    const limited = await caught(crema.estimateCost({ inputTokens: 1000 }));
    expect(limited).toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
    expect(limited.retryAfter).toBeGreaterThan(0);
    expect(counted.calls).toHaveLength(2 + 3);
    // the injected sleep did not wait, so the window never rolled: each retry waited at least Retry-After
    expect(sleeps).toHaveLength(2);
    for (const ms of sleeps) expect(ms).toBeGreaterThanOrEqual(limited.retryAfter! * 1000);
  });

  it('refuses a key without the cmp_ prefix before sending anything', async () => {
    const counted = countingFetch();
    expect(() => createCremaClient({ baseUrl: t().baseUrl, apiKey: 'sk-live-123' })).toThrow(CremaError);
    const crema = createCremaClient({ baseUrl: t().baseUrl, fetch: counted.fetch });
    const err = await caught(crema.POST('/api/authorize/logout', { params: { header: { 'X-API-Key': 'nope' } } }));
    expect(err).toMatchObject({ status: 0, code: 'invalid_api_key' });
    expect(counted.calls).toEqual([]);
  });

  it('reports a refused connection as network_error (status 0) after the retries', async () => {
    const { retry, sleeps } = recordingRetry();
    const crema = createCremaClient({ baseUrl: 'http://127.0.0.1:9', retry });
    expect(await caught(crema.tiers())).toMatchObject({ status: 0, code: 'network_error' });
    expect(sleeps).toEqual([250, 500]);
  });

  it('logout revokes the calling key: the next call is 401; a second logout answers null', async () => {
    const { key } = await account();
    const crema = createCremaClient({ baseUrl: t().baseUrl, apiKey: key });
    expect(await crema.logout()).toMatch(/^[0-9a-f-]{36}$/);
    expect(await caught(crema.compress('question-agnostic', { context, compressionModelName: 'espresso_v1' }))).toMatchObject({ status: 401 });
    expect(await crema.logout()).toBeNull();
  });
});

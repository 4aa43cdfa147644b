import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTokens } from '../../server/compression/engine/text/tokens.js';
import { bearer, createKey, signup } from '../helpers/accounts.js';
import { longDocument, TOPICS } from '../helpers/texts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const ROUTE = '/api/compress/question-specific';
const QUERY = 'When did Mount Karela last erupt?';
let t: TestApp;
let key: string;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  ({ token } = await signup(t.app));
  key = (await createKey(t.app, token)).key;
});
afterAll(async () => {
  await t.close();
});

const post = (path: string, body: object, apiKey: string | null = key) => {
  const r = request(t.app).post(`${ROUTE}${path}`);
  if (apiKey !== null) r.set('X-API-Key', apiKey);
  return r.send(body);
};
const single = (body: object) => post('/', { context: longDocument(), query: QUERY, compression_model_name: 'latte_v1', ...body });
const segments = (text: string) => text.split('[...]').map((s) => s.trim()).filter(Boolean);

describe('single route', () => {
  it('returns the compression result with exact o200k accounting', async () => {
    const context = longDocument();
    const res = await single({ context, target_compression_ratio: 0.5 });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(res.body).toMatchObject({ success: true, message: null });
    expect(d.original_context).toBe(context);
    expect(d.original_tokens).toBe(countTokens(context));
    expect(d.compressed_tokens).toBe(countTokens(d.compressed_context));
    expect(d.tokens_saved).toBe(d.original_tokens - d.compressed_tokens);
    expect(d.actual_compression_ratio).toBeCloseTo(d.tokens_saved / d.original_tokens, 4);
    expect(d.target_compression_ratio).toBe(0.5);
    expect(Number.isInteger(d.duration_ms)).toBe(true);
  });

  it('counts text holding special-token strings such as <|endoftext|> as plain text', async () => {
    const context = `${longDocument(1)}\n\nThe model stops at <|endoftext|> and <|im_start|>system markers.`;
    const res = await single({ context });
    expect(res.status).toBe(200);
    expect(res.body.data.original_tokens).toBe(countTokens(context));
  });

  it('accepts the route without its trailing slash', async () => {
    const res = await request(t.app)
      .post(ROUTE)
      .set('X-API-Key', key)
      .send({ context: 'Paris is in France.', query: 'Where is Paris?', compression_model_name: 'latte_v2' });
    expect(res.status).toBe(200);
  });

  it.each([
    [0.3, true],
    [0.5, true],
    [0.7, true],
    [0.9, true],
    [0.3, false],
    [0.6, false],
    [0.9, false],
  ])('removal strength %d (coarse=%s) is met within 0.05 on a 500+ token input', async (ratio, coarse) => {
    const res = await single({ target_compression_ratio: ratio, coarse });
    expect(res.body.data.original_tokens).toBeGreaterThan(500);
    expect(Math.abs(res.body.data.actual_compression_ratio - ratio)).toBeLessThanOrEqual(0.05);
  });

  it.each([2, 4, 10])('Nx target %d keeps about 1/%d of the tokens', async (nx) => {
    const res = await single({ target_compression_ratio: nx });
    expect(Math.abs(res.body.data.actual_compression_ratio - (1 - 1 / nx))).toBeLessThanOrEqual(0.05);
    expect(res.body.data.target_compression_ratio).toBe(nx);
  });

  it('uses the model default (0.5) when the ratio is omitted, echoing null', async () => {
    const res = await single({});
    expect(res.body.data.target_compression_ratio).toBeNull();
    expect(Math.abs(res.body.data.actual_compression_ratio - 0.5)).toBeLessThanOrEqual(0.05);
  });

  it('coarse keeps whole sentences (at most one partial); fine drops words inside sentences', async () => {
    const context = longDocument();
    const coarse = await single({ context, target_compression_ratio: 0.6, coarse: true });
    const partial = segments(coarse.body.data.compressed_context).flatMap((seg) => seg.split('\n')).filter((s) => !context.includes(s));
    expect(partial.length).toBeLessThanOrEqual(1);
    const fine = await single({ context, target_compression_ratio: 0.6, coarse: false });
    // a kept run that is not a run of whole sentences: words picked out of a sentence ("1987"),
    // or a sentence with words dropped (no longer in the context verbatim)
    const wholeSentences = (s: string) => context.includes(s) && /^[\p{Lu}\p{N}]/u.test(s) && /[.!?]\)?$/u.test(s);
    const cut = segments(fine.body.data.compressed_context)
      .flatMap((seg) => seg.split('\n'))
      .filter((s) => s.trim() && !wholeSentences(s.trim()));
    expect(cut.length).toBeGreaterThan(0);
  });

  it('placeholders mark dropped spans, and disable_placeholders removes them', async () => {
    const on = await single({ target_compression_ratio: 0.7 });
    expect(on.body.data.compressed_context).toContain('[...]');
    const off = await single({ target_compression_ratio: 0.7, disable_placeholders: true });
    expect(off.body.data.compressed_context).not.toContain('[...]');
    expect(Math.abs(off.body.data.actual_compression_ratio - 0.7)).toBeLessThanOrEqual(0.05);
  });

  it('heuristic_chunking never cuts a fenced code block', async () => {
    const code = '```python\ndef erupt(volcano):\n    return volcano.pressure > 9000\n\nprint(erupt(karela))\n```';
    const context = `${longDocument(1)}\n\n${code}\n\n${TOPICS['garden']!.join(' ')}`;
    for (const ratio of [0.2, 0.5, 0.8, 0.95]) {
      const res = await single({ context, heuristic_chunking: true, target_compression_ratio: ratio, query: 'What does the erupt function return?' });
      const out: string = res.body.data.compressed_context;
      const fences = out.split('```').length - 1;
      expect(fences === 0 || out.includes(code), `ratio ${ratio}: ${out}`).toBe(true);
    }
  });

  it('dynamic=true on latte_v2 picks a ratio inside [dynamic_min_ratio, dynamic_max_ratio] and ignores a sent ratio', async () => {
    for (const [min, max] of [[2, 3], [5, 6], [1.5, 10]] as const) {
      const res = await single({ compression_model_name: 'latte_v2', dynamic: true, dynamic_min_ratio: min, dynamic_max_ratio: max, target_compression_ratio: 0.1 });
      expect(res.status).toBe(200);
      const keep = 1 - res.body.data.actual_compression_ratio;
      expect(keep).toBeLessThanOrEqual(1 / min + 0.05);
      expect(keep).toBeGreaterThanOrEqual(1 / max - 0.05);
      expect(res.body.data.target_compression_ratio).toBeNull();
    }
  });

  it('a null or empty context gives an empty result that is not billed', async () => {
    for (const context of [null, '']) {
      const res = await single({ context });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        original_context: '',
        compressed_context: '',
        original_tokens: 0,
        query_tokens: 0, // an empty context's query is not billed either
        compressed_tokens: 0,
        tokens_saved: 0,
        target_compression_ratio: null,
        actual_compression_ratio: 0,
        duration_ms: 0,
      });
    }
  });

  it('records one settled usage row with the input tokens and charges them (query tokens included)', async () => {
    const s = await signup(t.app);
    const k = await createKey(t.app, s.token);
    const res = await post('/', { context: longDocument(1), query: QUERY, compression_model_name: 'latte_v2' }, k.key);
    const usage = await t.db.db.selectFrom('usage_events').selectAll().where('account_id', '=', s.accountId).execute();
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({
      api_key_id: k.id,
      family: 'question-specific',
      model: 'latte_v2',
      operation: 'single',
      status: 'settled',
      original_tokens: res.body.data.original_tokens,
      compressed_tokens: res.body.data.compressed_tokens,
      cost_nusd: (res.body.data.original_tokens + countTokens(QUERY)) * 100,
    });
    const me = await request(t.app).get('/api/profile/me').set(bearer(s.token));
    expect(me.body.data.balance_usd).toBeCloseTo(10 - (res.body.data.original_tokens + countTokens(QUERY)) * 1e-7, 9);
  });
});

describe('batch route', () => {
  it('returns rows in input order with totals; empty rows are free', async () => {
    const s = await signup(t.app);
    const k = await createKey(t.app, s.token);
    const inputs = [
      { context: TOPICS['railway']!.join('\n\n'), query: 'How long is the Grey Ridge tunnel?' },
      { context: null, query: 'anything' },
      { context: TOPICS['bakery']!.join('\n\n'), query: 'When did the bakery open?' },
      { context: '', query: 'anything' },
    ];
    const res = await post('/batch', { inputs, compression_model_name: 'latte_v1', target_compression_ratio: 2 }, k.key);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.count).toBe(4);
    expect(d.results.map((r: { original_context: string }) => r.original_context)).toEqual(inputs.map((i) => i.context ?? ''));
    expect(d.results[1].original_tokens).toBe(0);
    expect(d.total_original_tokens).toBe(d.results.reduce((s: number, r: { original_tokens: number }) => s + r.original_tokens, 0));
    expect(d.total_compressed_tokens).toBe(d.results.reduce((s: number, r: { compressed_tokens: number }) => s + r.compressed_tokens, 0));
    expect(d.total_tokens_saved).toBe(d.total_original_tokens - d.total_compressed_tokens);
    const mean = d.results.reduce((s: number, r: { actual_compression_ratio: number }) => s + r.actual_compression_ratio, 0) / 4;
    expect(d.average_compression_ratio).toBeCloseTo(mean, 3);
    const usage = await t.db.db.selectFrom('usage_events').selectAll().where('account_id', '=', s.accountId).execute();
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ operation: 'batch', rows: 2, original_tokens: d.total_original_tokens });
  });

  it('a batch of only empty rows is not billed', async () => {
    const s = await signup(t.app);
    const k = await createKey(t.app, s.token);
    const res = await post('/batch', { inputs: [{ context: null, query: 'q' }], compression_model_name: 'latte_v1' }, k.key);
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(1);
    expect(await t.db.db.selectFrom('usage_events').selectAll().where('account_id', '=', s.accountId).execute()).toHaveLength(0);
  });
});

// The stream's frame format and content are checked for every family by the contract suite.
describe('stream route', () => {
  it('answers errors before the stream opens with status codes', async () => {
    expect((await post('/stream', { context: 'x', query: '', compression_model_name: 'latte_v1' })).status).toBe(422);
    expect((await post('/stream', { context: 'x', query: 'y', compression_model_name: 'latte_v1' }, `cmp_${'Z'.repeat(40)}`)).status).toBe(401);
  });
});

describe('validation (422)', () => {
  it.each([
    ['an empty query', { query: '' }, ['body', 'query']],
    ['a blank query', { query: '   ' }, ['body', 'query']],
    ['ratio 0', { target_compression_ratio: 0 }, ['body', 'target_compression_ratio']],
    ['a negative ratio', { target_compression_ratio: -1 }, ['body', 'target_compression_ratio']],
    ['ratio above 200', { target_compression_ratio: 200.5 }, ['body', 'target_compression_ratio']],
    ['an unknown model', { compression_model_name: 'latte_v3' }, ['body', 'compression_model_name']],
    ['a missing context', { context: undefined }, ['body', 'context']],
    ['dynamic_min_ratio below 1', { compression_model_name: 'latte_v2', dynamic: true, dynamic_min_ratio: 0.5 }, ['body', 'dynamic_min_ratio']],
  ])('%s is a 422 {detail}', async (_n, body, loc) => {
    const res = await single(body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toContainEqual(expect.objectContaining({ loc }));
  });

  it('accepts ratio 200 exactly', async () => {
    expect((await single({ target_compression_ratio: 200 })).status).toBe(200);
  });

  it.each([
    ['dynamic', { dynamic: true }],
    ['dynamic=false', { dynamic: false }],
    ['dynamic_min_ratio', { dynamic_min_ratio: 2 }],
    ['dynamic_max_ratio', { dynamic_max_ratio: 4 }],
  ])('%s sent to latte_v1 is a 422 validation_error envelope naming the field', async (field, body) => {
    const res = await single(body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, code: 'validation_error', field: field.replace('=false', '') });
  });

  it('dynamic_max_ratio below dynamic_min_ratio is a 422 envelope', async () => {
    const res = await single({ compression_model_name: 'latte_v2', dynamic: true, dynamic_min_ratio: 5, dynamic_max_ratio: 2 });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'validation_error', field: 'dynamic_max_ratio' });
  });

  it.each([
    ['empty inputs', []],
    ['101 inputs', Array.from({ length: 101 }, () => ({ context: 'a', query: 'b' }))],
  ])('batch with %s is a 422 {detail}', async (_n, inputs) => {
    const res = await post('/batch', { inputs, compression_model_name: 'latte_v1' });
    expect(res.status).toBe(422);
    expect(res.body.detail).toContainEqual(expect.objectContaining({ loc: ['body', 'inputs'] }));
  });
});

// The contract suite (test/helpers/family-contract.ts) checks for this family, on latte_v2: 401 for an
// unknown or revoked key and 422 for a missing X-API-Key on all three routes, 402 for an exhausted key
// budget and 429 insufficient_credits for an empty balance; expiry is test/api-keys/key-middleware.test.ts.
describe('authentication and billing statuses', () => {
  it('a demo key may call the single route only (403 scope_error on batch and stream)', async () => {
    const s = await signup(t.app);
    const demo = await createKey(t.app, s.token, { scope: 'demo' });
    const body = { context: 'Paris is in France.', query: 'Where is Paris?', compression_model_name: 'latte_v1', inputs: [{ context: 'a', query: 'b' }] };
    expect((await post('/', body, demo.key)).status).toBe(200);
    for (const path of ['/batch', '/stream']) {
      const res = await post(path, body, demo.key);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('scope_error');
    }
  });

  it('a stream whose hold is refused answers the status, not a stream (the hold runs beside the engine)', async () => {
    // A fresh account: one refused a moment ago takes its hold before the work instead.
    const s = await signup(t.app);
    const { key } = await createKey(t.app, s.token);
    await t.db.db.updateTable('accounts').set({ balance_nusd: 10 }).where('id', '=', s.accountId).execute();
    const res = await post('/stream', { context: longDocument(1), query: QUERY, compression_model_name: 'latte_v2' }, key);
    expect(res.status).toBe(429);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.code).toBe('insufficient_credits');
    const rows = await t.db.db.selectFrom('usage_events').select('status').where('account_id', '=', s.accountId).execute();
    expect(rows).toEqual([]);
  });

  it('a body over 10 MB is 413', async () => {
    const res = await post('/', { context: 'x'.repeat(10 * 1024 * 1024 + 100), query: 'q', compression_model_name: 'latte_v1' });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
  });
});

describe('missing weights', () => {
  it('answers 503 service_unavailable with Retry-After when a model is not installed', async () => {
    const bare = await startTestApp({}, { backend: t.backend, weights: { isAvailable: (w) => w !== 'latte_v2' } });
    try {
      const s = await signup(bare.app);
      const k = await createKey(bare.app, s.token);
      const res = await request(bare.app).post(`${ROUTE}/`).set('X-API-Key', k.key).send({ context: 'a b c', query: 'b', compression_model_name: 'latte_v2' });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('service_unavailable');
      expect(res.headers['retry-after']).toBe('60');
      expect((await request(bare.app).post(`${ROUTE}/`).set('X-API-Key', k.key).send({ context: 'a b c', query: 'b', compression_model_name: 'latte_v1' })).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('time budgets and responsiveness', () => {
  it('a request over the time budget is 504 timeout and is not charged; a stream gets an error frame', async () => {
    const slow = await startTestApp({ requestTimeoutMs: 1, streamTimeoutMs: 1 }, { backend: t.backend });
    try {
      const s = await signup(slow.app);
      const k = await createKey(slow.app, s.token);
      const body = { context: longDocument(3), query: QUERY, compression_model_name: 'latte_v1' };
      const res = await request(slow.app).post(`${ROUTE}/`).set('X-API-Key', k.key).send(body);
      expect(res.status).toBe(504);
      expect(res.body.code).toBe('timeout');
      const stream = await request(slow.app).post(`${ROUTE}/stream`).set('X-API-Key', k.key).send(body);
      expect(stream.status).toBe(200);
      const event = JSON.parse(stream.text.replace(/^data: /, ''));
      expect(event).toMatchObject({ content: '', done: true });
      expect(event.error).toMatch(/time budget/);
      const usage = await slow.db.db.selectFrom('usage_events').selectAll().where('account_id', '=', s.accountId).execute();
      expect(usage.map((u) => u.status)).toEqual(['released', 'released']);
      const me = await request(slow.app).get('/api/profile/me').set(bearer(s.token));
      expect(me.body.data.balance_usd).toBe(10);
    } finally {
      await slow.close();
    }
  });

  it('health answers while a large batch is being compressed (inference runs off the event loop)', async () => {
    // Ten rows keep the engine busy for seconds; the batch must still be running when health answers.
    const inputs = Array.from({ length: 10 }, () => ({ context: longDocument(2), query: QUERY }));
    const order: string[] = [];
    const batch = post('/batch', { inputs, compression_model_name: 'latte_v1' }).then((r) => {
      order.push('batch');
      return r;
    });
    await new Promise((r) => setTimeout(r, 200));
    const health = await request(t.app).get(`${ROUTE}/health`);
    order.push('health');
    expect(health.status).toBe(200);
    expect((await batch).status).toBe(200);
    expect(order).toEqual(['health', 'batch']);
  }, 120_000);
});

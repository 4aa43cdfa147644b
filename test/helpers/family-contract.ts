import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { readStreamEvents } from '../../client/index.js';
import { countTokens } from '../../server/compression/engine/text/tokens.js';
import { bearer, createKey, signup } from './accounts.js';
import type { TestApp } from './test-app.js';

/** How one family's requests look: the contract suite is the same for all five. */
export interface FamilyCase {
  name: string;
  route: string;
  model: string;
  /** A valid single body compressing `text` (a context, a transcript's older turn, a tool output). */
  single(text: string | null): Record<string, unknown>;
  /** A valid batch body for these texts. */
  batch(texts: ReadonlyArray<string | null>): Record<string, unknown>;
  /** The billable texts a single body sends (their o200k sum is `original_tokens`). */
  inputs(body: Record<string, unknown>): string[];
  /** The texts of a result row (their o200k sum is `compressed_tokens`). */
  outputs(row: Record<string, unknown>): string[];
  /** What a stream's `content` holds for the same request as this single-route result row. */
  streamed(row: Record<string, unknown>): string;
  /** A real text of 300+ tokens in the family's kind. */
  sample: string;
  /** A second, different one. */
  other: string;
}

const sum = (texts: readonly string[]) => texts.reduce((s, t) => s + countTokens(t), 0);

/**
 * The shared contract of a compression family: happy path with exact accounting, statuses
 * 401/402/403/422/429, free empty input, batch order and totals, stream frames. Every response
 * is also checked against openapi.yaml by the test app's response validator.
 */
export function runFamilyContract(c: FamilyCase, app: () => TestApp): void {
  const post = (path: string, body: object, key: string | null) => {
    const r = request(app().app).post(`${c.route}${path}`);
    if (key !== null) r.set('X-API-Key', key);
    return r.send(body);
  };
  const account = async (keyBody: Record<string, unknown> = {}) => {
    const s = await signup(app().app);
    const k = await createKey(app().app, s.token, keyBody);
    return { ...s, key: k.key, keyId: k.id };
  };
  const usage = (accountId: string) => app().db.db.selectFrom('usage_events').selectAll().where('account_id', '=', accountId).execute();

  describe(`${c.name}: contract`, () => {
    it('single: 200 with exact o200k accounting and one settled usage row under the family model', async () => {
      const a = await account();
      const body = { ...c.single(c.sample), target_compression_ratio: 0.5 };
      const res = await post('/', body, a.key);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: null });
      const d = res.body.data;
      expect(d.original_tokens).toBe(sum(c.inputs(body)));
      expect(d.compressed_tokens).toBe(sum(c.outputs(d)));
      expect(d.compressed_tokens).toBeLessThan(d.original_tokens);
      expect(d.tokens_saved).toBe(d.original_tokens - d.compressed_tokens);
      expect(d.actual_compression_ratio).toBeCloseTo(d.tokens_saved / d.original_tokens, 4);
      expect(d.target_compression_ratio).toBe(0.5);
      const rows = await usage(a.accountId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ api_key_id: a.keyId, model: c.model, operation: 'single', status: 'settled', original_tokens: d.original_tokens, compressed_tokens: d.compressed_tokens });
    });

    it('single: a null or empty input is an empty result, not billed', async () => {
      const a = await account();
      for (const text of [null, '']) {
        const res = await post('/', c.single(text), a.key);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data).toMatchObject({ original_tokens: 0, compressed_tokens: 0, tokens_saved: 0, actual_compression_ratio: 0, duration_ms: 0 });
      }
      expect(await usage(a.accountId)).toHaveLength(0);
    });

    it('batch: rows in input order with totals; empty rows free; one usage row for the live rows', async () => {
      const a = await account();
      const texts = [c.sample, null, c.other, ''];
      const res = await post('/batch', { ...c.batch(texts), target_compression_ratio: 2 }, a.key);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const d = res.body.data;
      expect(d.count).toBe(4);
      expect(d.results).toHaveLength(4);
      expect(d.results[0].original_tokens).toBe(sum(c.inputs(c.single(c.sample))));
      expect(d.results[2].original_tokens).toBe(sum(c.inputs(c.single(c.other))));
      expect(d.results[1].original_tokens).toBe(0);
      expect(d.results[3].original_tokens).toBe(0);
      for (const row of d.results) expect(row.compressed_tokens).toBe(sum(c.outputs(row)));
      expect(d.total_original_tokens).toBe(d.results.reduce((s: number, r: { original_tokens: number }) => s + r.original_tokens, 0));
      expect(d.total_compressed_tokens).toBe(d.results.reduce((s: number, r: { compressed_tokens: number }) => s + r.compressed_tokens, 0));
      expect(d.total_tokens_saved).toBe(d.total_original_tokens - d.total_compressed_tokens);
      const mean = d.results.reduce((s: number, r: { actual_compression_ratio: number }) => s + r.actual_compression_ratio, 0) / 4;
      expect(d.average_compression_ratio).toBeCloseTo(mean, 3);
      const rows = await usage(a.accountId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ operation: 'batch', rows: 2, model: c.model, original_tokens: d.total_original_tokens });
    });

    it("stream: one data frame with the single route's output and done=true, no accounting", async () => {
      const a = await account();
      const body = { ...c.single(c.sample), target_compression_ratio: 0.5 };
      const res = await post('/stream', body, a.key);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(res.headers['cache-control']).toContain('no-cache');
      expect(res.text).toMatch(/^data: \{.*\}\n\n$/s);
      const events = [];
      for await (const e of readStreamEvents(new Response(res.text).body!)) events.push(e);
      expect(events).toHaveLength(1);
      expect(Object.keys(events[0]!).sort()).toEqual(['content', 'done', 'error']);
      expect(events[0]).toMatchObject({ done: true, error: null });
      expect((await usage(a.accountId)).map((u) => u.operation)).toEqual(['stream']);
      const same = await post('/', body, a.key);
      expect(events[0]!.content).toBe(c.streamed(same.body.data));
    });

    it('401 for an unknown or revoked key on every POST route, before validation of the body', async () => {
      const a = await account();
      await request(app().app).delete(`/api/keys/${a.keyId}`).set(bearer(a.token));
      for (const path of ['/', '/batch', '/stream']) {
        for (const key of [`cmp_${'Q'.repeat(40)}`, a.key, 'not-a-key']) {
          const res = await post(path, path === '/batch' ? c.batch([c.sample]) : c.single(c.sample), key);
          expect(res.status, `${path} ${key}`).toBe(401);
          expect(res.body).toMatchObject({ success: false, code: 'invalid_api_key' });
        }
      }
    });

    it('422 {detail} for a missing X-API-Key, a bad ratio, an unknown model and batch sizes 0 and 101', async () => {
      const { key } = await account();
      for (const path of ['/', '/batch', '/stream']) {
        const body = path === '/batch' ? c.batch([c.sample]) : c.single(c.sample);
        const missing = await post(path, body, null);
        expect(missing.status).toBe(422);
        expect(missing.body.detail).toContainEqual({ loc: ['header', 'x-api-key'], msg: 'Field required', type: 'missing' });
        for (const ratio of [0, -1, 200.5]) {
          const bad = await post(path, { ...body, target_compression_ratio: ratio }, key);
          expect(bad.status).toBe(422);
          expect(bad.body.detail).toContainEqual(expect.objectContaining({ loc: ['body', 'target_compression_ratio'] }));
        }
        const model = await post(path, { ...body, compression_model_name: 'latte_v9' }, key);
        expect(model.status).toBe(422);
      }
      for (const n of [0, 101]) {
        const res = await post('/batch', c.batch(Array.from({ length: n }, () => 'x')), key);
        expect(res.status).toBe(422);
        expect(res.body.detail).toContainEqual(expect.objectContaining({ loc: ['body', 'inputs'] }));
      }
    });

    it('403 scope_error for a demo key on every POST route of this family', async () => {
      const a = await account({ scope: 'demo' });
      for (const path of c.name === 'question-specific' ? ['/batch', '/stream'] : ['/', '/batch', '/stream']) {
        const res = await post(path, path === '/batch' ? c.batch([c.sample]) : c.single(c.sample), a.key);
        expect(res.status, path).toBe(403);
        expect(res.body.code).toBe('scope_error');
      }
    });

    it('402 api_key_budget_exceeded for an exhausted key budget; 429 insufficient_credits without Retry-After for an empty balance', async () => {
      const capped = await account({ monthly_budget_usd: 0.000001 });
      const over = await post('/', c.single(c.sample), capped.key);
      expect(over.status).toBe(402);
      expect(over.body.code).toBe('api_key_budget_exceeded');
      const broke = await account();
      await app().db.db.updateTable('accounts').set({ balance_nusd: 10 }).where('id', '=', broke.accountId).execute();
      const res = await post('/', c.single(c.sample), broke.key);
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ code: 'insufficient_credits', retry_after: null });
      expect(res.headers['retry-after']).toBeUndefined();
      expect(await usage(broke.accountId)).toHaveLength(0);
    });

    it('429 daily_limit_exceeded with Retry-After past the key daily request cap', async () => {
      const a = await account({ daily_request_cap: 1 });
      expect((await post('/', c.single(c.sample), a.key)).status).toBe(200);
      const res = await post('/', c.single(c.sample), a.key);
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('daily_limit_exceeded');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    });
  });
}

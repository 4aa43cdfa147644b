import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { CompressionBackend } from '../../server/compression/compression-backend.js';
import { createConcurrencyCap } from '../../server/rate-limit/concurrency-cap.js';
import { createKey, signup } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';

// A backend whose compression waits until the test opens the gate: requests stay "running".
let openGate!: () => void;
const gate = new Promise<void>((resolve) => (openGate = resolve));
let entered = 0;
const backend: CompressionBackend = {
  countTokens: async (texts) => texts.map((text) => text.split(/\s+/).length),
  compress: async (requests) => {
    entered++;
    await gate;
    return requests.map((r) => ({ compressed: r.context, originalTokens: r.originalTokens ?? 1, compressedTokens: r.originalTokens ?? 1 }));
  },
  close: async () => undefined,
};

const t = useTestApp({ maxConcurrentPerAccount: 1 }, { backend });
const QS = '/api/compress/question-specific/';
const BODY = { context: 'Paris is the capital of France.', query: 'capital?', compression_model_name: 'latte_v1' };

describe('per-account concurrency cap', () => {
  it('unit: a slot is taken and given back once', () => {
    const cap = createConcurrencyCap(2);
    const a = cap.acquire('acc');
    const b = cap.acquire('acc');
    expect(() => cap.acquire('acc')).toThrow(/Too many concurrent requests/);
    expect(() => cap.acquire('other')()).not.toThrow();
    a();
    a(); // a second release must not free a second slot
    const c = cap.acquire('acc');
    expect(() => cap.acquire('acc')).toThrow();
    b();
    c();
  });

  it("an account past its cap gets 429 with Retry-After; another account is not held back", async () => {
    const a = await signup(t().app);
    const keyA = (await createKey(t().app, a.token)).key;
    const b = await signup(t().app);
    const keyB = (await createKey(t().app, b.token)).key;

    const first = request(t().app).post(QS).set('X-API-Key', keyA).send(BODY).then((r) => r);
    await expect.poll(() => entered, { timeout: 10_000 }).toBe(1);
    const second = await request(t().app).post(QS).set('X-API-Key', keyA).send(BODY);
    expect(second.status).toBe(429);
    expect(second.body.code).toBe('rate_limit_exceeded');
    expect(second.headers['retry-after']).toBe('1');

    const other = request(t().app).post(QS).set('X-API-Key', keyB).send(BODY).then((r) => r);
    await expect.poll(() => entered, { timeout: 10_000 }).toBe(2);
    openGate();
    expect((await first).status).toBe(200);
    expect((await other).status).toBe(200);
    expect((await request(t().app).post(QS).set('X-API-Key', keyA).send(BODY)).status).toBe(200);
  });
});

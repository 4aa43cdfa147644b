import { request as httpRequest } from 'node:http';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { CompressionBackend } from '../../server/compression/compression-backend.js';
import { bearer, createKey, signup } from '../helpers/accounts.js';
import { useListeningApp } from '../helpers/listening-app.js';

// A backend whose compression runs until it is cancelled: the request is still in the engine
// when its client leaves.
let entered = 0;
let cancelled = 0;
let counting = 0;
// While set, token counts wait for it: the client can leave before the work starts.
let countGate: Promise<void> | undefined;
const backend: CompressionBackend = {
  countTokens: async (texts) => {
    counting++;
    await countGate;
    return texts.map((text) => text.split(/\s+/).length);
  },
  compress: (_requests, signal) => {
    entered++;
    return new Promise((_resolve, reject) => {
      const cancel = () => {
        cancelled++;
        reject(signal!.reason instanceof Error ? signal!.reason : new Error('cancelled'));
      };
      if (signal?.aborted) cancel();
      else signal?.addEventListener('abort', cancel);
    });
  },
  close: async () => undefined,
};
const logLines: Array<{ level: number; msg: string }> = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(JSON.parse(line) as { level: number; msg: string }) });
const t = useListeningApp({}, { backend, logger });

/** Posts `body` over a raw connection and closes it once `reached()` has grown by one. */
async function postThenLeave(path: string, key: string, body: unknown, reached = () => entered): Promise<void> {
  const before = reached();
  const req = httpRequest(`${t().baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-API-Key': key } });
  req.on('error', () => undefined); // the socket we destroy
  req.end(JSON.stringify(body));
  await expect.poll(reached, { timeout: 10_000 }).toBe(before + 1);
  req.destroy();
}

const BODY = { context: 'Paris is the capital of France. The weather there is mild.', query: 'capital?', compression_model_name: 'latte_v2' };

/** A new account's key and a reader of its balance. */
async function account(): Promise<{ token: string; key: string; balance: () => Promise<number> }> {
  const { token } = await signup(t().app);
  const { key } = await createKey(t().app, token);
  const balance = async () => (await request(t().app).get('/api/profile/me').set(bearer(token))).body.data.balance_usd as number;
  return { token, key, balance };
}

describe('a client that closes the connection while its request is in the engine', () => {
  it('cancels the work, charges nothing, logs no error and counts as 499 in /metrics', async () => {
    const { token, key, balance } = await account();
    const before = await balance();

    await postThenLeave('/api/compress/question-specific/', key, BODY);
    await postThenLeave('/api/compress/question-specific/stream', key, BODY);
    await expect.poll(() => cancelled, { timeout: 10_000 }).toBe(2);

    await expect.poll(balance, { timeout: 10_000 }).toBe(before);
    const usage = await request(t().app).get('/api/usage').set(bearer(token));
    expect(usage.body.data.groups.reduce((n: number, g: { requests: number }) => n + g.requests, 0)).toBe(0);
    await expect.poll(() => logLines.filter((l) => l.msg === 'client closed the connection before the answer').length, { timeout: 10_000 }).toBe(1);
    expect(logLines.filter((l) => l.level >= 50)).toEqual([]);
    const metrics = (await request(t().app).get('/metrics')).text;
    expect(metrics).toMatch(/crema_http_requests_total\{method="POST",route="\/api\/compress\/question-specific\/",status="499"\} 1/);
    expect(metrics).toMatch(/crema_http_requests_total\{method="POST",route="\/api\/compress\/question-specific\/stream",status="499"\} 1/);
  });

  it('while its tokens are still being counted: the work is cancelled before it starts and nothing is charged', async () => {
    const { key, balance } = await account();
    const before = await balance();
    const cancelledBefore = cancelled;
    let open!: () => void;
    countGate = new Promise((resolve) => (open = resolve));
    await postThenLeave('/api/compress/question-specific/', key, BODY, () => counting);
    // Give the server time to see the socket close before the count answers.
    await new Promise((resolve) => setTimeout(resolve, 200));
    countGate = undefined;
    open();
    await expect.poll(() => cancelled, { timeout: 10_000 }).toBe(cancelledBefore + 1);
    await expect.poll(balance, { timeout: 10_000 }).toBe(before);
    expect(logLines.filter((l) => l.level >= 50)).toEqual([]);
  });
});

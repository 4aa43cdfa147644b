import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropicReplay, incidentConversation, openAiReplay, SYSTEM_PROMPT } from '../fixtures/proxy-conversation.js';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream.js';
import { createKey, signup } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// The raw bytes of an answer, whatever its content type (supertest would parse JSON and buffer text).
const raw = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

let upstream: FakeUpstream;
// Anthropic's upstream is its own, so the last test can take it down.
let anthropicUpstream: FakeUpstream;
let t: TestApp;
let key: string;
let accountId: string;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  anthropicUpstream = await startFakeUpstream();
  t = await startTestApp({ proxyUpstreamOpenai: upstream.url, proxyUpstreamAnthropic: `${anthropicUpstream.url}/` });
  const account = await signup(t.app);
  accountId = account.accountId;
  key = (await createKey(t.app, account.token)).key;
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (server) await new Promise((resolve) => server.close(resolve));
  await t?.close();
  await upstream?.close();
  await anthropicUpstream?.close().catch(() => undefined);
});

const turns = incidentConversation().slice(2, 5); // three turns with 1.3-1.5k-token tool results
const lastOf = <T>(xs: readonly T[]) => xs[xs.length - 1]!;

const openai = (body: object, headers: Record<string, string> = { 'x-crema-key': key }) =>
  request(t.app).post('/v1/chat/completions').set({ authorization: 'Bearer sk-caller', ...headers }).send(body).buffer(true).parse(raw);
const anthropic = (body: object, headers: Record<string, string> = { 'x-crema-key': key }) =>
  request(t.app).post('/v1/messages').set({ 'x-api-key': 'sk-ant-caller', 'anthropic-version': '2023-06-01', ...headers }).send(body).buffer(true).parse(raw);

describe('POST /v1/chat/completions', () => {
  it('forwards a compressed body with the caller key and answers the upstream bytes unchanged', async () => {
    const body = lastOf(openAiReplay(turns)); // ends with turn 3's tool result
    const res = await openai(body);
    const got = lastOf(upstream.received);
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body as Buffer, got.answered)).toBe(0);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['x-upstream-request']).toBe(String(upstream.received.length));
    expect(got.path).toBe('/v1/chat/completions');
    expect(got.headers['authorization']).toBe('Bearer sk-caller');
    expect(got.headers['x-crema-key']).toBeUndefined();

    const sent = body.messages as Array<{ role: string; content: string | null }>;
    const forwarded = got.body['messages'] as typeof sent;
    expect(forwarded).toHaveLength(sent.length);
    expect(forwarded[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    // Every tool result shrank; user questions and assistant answers of the recent turns did not.
    sent.forEach((m, i) => {
      if (m.role === 'tool') expect(forwarded[i]!.content!.length).toBeLessThan(m.content!.length * 0.8);
      else expect(forwarded[i]).toEqual(m);
    });
    const original = Number(res.headers['x-crema-original-tokens']);
    const compressed = Number(res.headers['x-crema-compressed-tokens']);
    expect(compressed).toBeGreaterThan(0);
    expect(compressed).toBeLessThan(original * 0.8);
    expect(Number(res.headers['x-crema-compressed-turns'])).toBe(turns.reduce((n, x) => n + x.calls.length, 0));

    // One usage row per model, on the crema account, with what the engine saved.
    const rows = await t.db.db.selectFrom('usage_events').selectAll().where('account_id', '=', accountId).execute();
    expect(rows.map((r) => [r.model, r.status, r.source])).toEqual([['toc_latte_v2', 'settled', 'proxy:openai']]);
    expect(Number(rows[0]!.original_tokens)).toBeGreaterThan(Number(rows[0]!.compressed_tokens));
  });

  it('sends the same bytes for the same history, from the cache, and bills those turns once', async () => {
    const body = lastOf(openAiReplay(turns));
    const before = upstream.received.length;
    const res = await openai(body);
    expect(res.status).toBe(200);
    expect(Number(res.headers['x-crema-cache-hits'])).toBe(Number(res.headers['x-crema-compressed-turns']));
    expect(JSON.stringify(upstream.received[before]!.body)).toBe(JSON.stringify(upstream.received[before - 1]!.body));
    const rows = await t.db.db.selectFrom('usage_events').select('id').where('account_id', '=', accountId).execute();
    expect(rows).toHaveLength(1);
  });

  it('streams the upstream SSE bytes unchanged, frames split across chunks included', async () => {
    const res = await openai({ ...lastOf(openAiReplay(turns)), stream: true });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(Buffer.compare(res.body as Buffer, lastOf(upstream.received).answered)).toBe(0);
    expect((res.body as Buffer).toString()).toContain('ünïcode');
  });

  it('passes an upstream error through with its status, headers and body', async () => {
    const res = await openai({ ...lastOf(openAiReplay(turns)), model: 'fail-429' });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('7');
    expect(Buffer.compare(res.body as Buffer, lastOf(upstream.received).answered)).toBe(0);
  });

  it.each([
    ['no crema key', {}, 401, 'invalid_api_key'],
    ['an unknown crema key', { 'x-crema-key': 'ck_live_notakey' }, 401, 'invalid_api_key'],
  ])('%s: 401 in OpenAI error shape, nothing forwarded', async (_name, headers, status, code) => {
    const before = upstream.received.length;
    const res = await openai({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }] }, headers);
    expect(res.status).toBe(status);
    const body = JSON.parse((res.body as Buffer).toString());
    expect(body).toEqual({ error: { message: expect.any(String), type: 'authentication_error', param: null, code } });
    expect(upstream.received.length).toBe(before);
  });

  it('a body without messages is a 400 in OpenAI error shape', async () => {
    const res = await openai({ model: 'gpt-4.1', prompt: 'hi' });
    expect(res.status).toBe(400);
    expect(JSON.parse((res.body as Buffer).toString()).error).toMatchObject({ type: 'invalid_request_error', code: 'bad_request' });
  });
});

describe('POST /v1/messages', () => {
  it('compresses tool_result blocks, leaves system and tool_use alone, and streams the answer unchanged', async () => {
    const body = lastOf(anthropicReplay(turns));
    const res = await anthropic({ ...body, stream: true });
    const got = lastOf(anthropicUpstream.received);
    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body as Buffer, got.answered)).toBe(0);
    expect(got.path).toBe('/v1/messages');
    expect(got.headers['x-api-key']).toBe('sk-ant-caller');
    expect(got.headers['anthropic-version']).toBe('2023-06-01');
    expect(got.body['system']).toBe(SYSTEM_PROMPT);
    type Block = { type: string; content?: string };
    const sent = body.messages as Array<{ role: string; content: string | Block[] }>;
    const forwarded = got.body['messages'] as typeof sent;
    sent.forEach((m, i) => {
      const block = Array.isArray(m.content) ? m.content[0]! : undefined;
      if (block?.type === 'tool_result') expect(((forwarded[i]!.content as Block[])[0]!.content as string).length).toBeLessThan(block.content!.length * 0.8);
      else expect(forwarded[i]).toEqual(m);
    });
    // The tool results were compressed for the OpenAI requests already: same text, same query, same bytes.
    expect(Number(res.headers['x-crema-cache-hits'])).toBe(Number(res.headers['x-crema-compressed-turns']));
  });

  it('crema-side errors use the Anthropic error shape; an unreachable upstream is a 502', async () => {
    const hi = { model: 'claude', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] };
    const res = await anthropic(hi, {});
    expect(res.status).toBe(401);
    expect(JSON.parse((res.body as Buffer).toString())).toEqual({ type: 'error', error: { type: 'authentication_error', message: expect.any(String) } });

    await anthropicUpstream.close();
    const gone = await anthropic(hi);
    expect(gone.status).toBe(502);
    expect(JSON.parse((gone.body as Buffer).toString())).toEqual({ type: 'error', error: { type: 'api_error', message: expect.stringContaining('unreachable') } });
  });
});

describe('the providers\' own SDKs', () => {
  it('OpenAI SDK: baseURL and one default header are all it takes; a crema-side error is its AuthenticationError', async () => {
    const openaiSdk = new OpenAI({ apiKey: 'sk-caller', baseURL: `${baseUrl}/v1`, defaultHeaders: { 'x-crema-key': key }, maxRetries: 0 });
    const completion = await openaiSdk.chat.completions.create({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'hello' }] });
    expect(completion.choices[0]!.message.content).toBe(`ok ${upstream.received.length}`);
    expect(lastOf(upstream.received).headers['authorization']).toBe('Bearer sk-caller');
    const noKey = new OpenAI({ apiKey: 'sk-caller', baseURL: `${baseUrl}/v1`, maxRetries: 0 });
    await expect(noKey.chat.completions.create({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'hello' }] })).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it('Anthropic SDK: a crema-side error is its AuthenticationError', async () => {
    const noKey = new Anthropic({ apiKey: 'sk-ant-caller', baseURL: baseUrl, maxRetries: 0 });
    await expect(noKey.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] })).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
  });
});

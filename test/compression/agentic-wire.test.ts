import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { countTokens } from '../../server/compression/engine/text/tokens.js';
import { createKey, signup, useApiKey } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';
import { TOPICS } from '../helpers/texts.js';

/**
 * The request bodies the published clients of the hosted API send to the history and tool-output
 * routes, byte for byte in shape, and the fields those clients read back:
 * - Compresr-SDK python/compresr/schemas/agentic.py: CompressToolOutputRequest dumped with
 *   exclude_none (default model toc_latte_v2, source sdk:python); it parses
 *   CompressToolOutputResult {compressed_output, original_tokens, compressed_tokens,
 *   compression_ratio (Nx: 100 -> 20 tokens is 5.0), tool_name, duration_ms}.
 * - Context-Gateway internal/compresr/client.go: CompressHistory posts {messages [{role, content}],
 *   keep_recent, compression_model_name (default hcc_espresso_v1), source} and reads
 *   {summary, original_tokens, compressed_tokens, messages_compressed, messages_kept,
 *   compression_ratio, duration_ms}; its summarizer replaces messages[0 .. total - messages_kept - 1]
 *   with `summary`. CompressToolOutput posts {tool_output, query (omitempty), tool_name,
 *   compression_model_name (default toc_latte_v1), source} and reads compressed_output.
 * - The reference's batch bodies: {inputs: [<a whole single request>]}.
 * (The TypeScript SDK has no history or tool-output call.)
 */
const t = useTestApp();
const key = useApiKey(() => t().app);
const post = (path: string, body: unknown) => request(t().app).post(path).set('X-API-Key', key()).set('Content-Type', 'application/json').send(JSON.stringify(body));
const usageOf = (requestId: string) =>
  t()
    .db.db.selectFrom('usage_events')
    .select(['model', 'request_id', 'rows', 'operation', 'original_tokens', 'compressed_tokens'])
    .where('request_id', 'like', `${requestId}%`)
    .orderBy('request_id')
    .execute();

const LOG = [
  '2026-11-23 10:00:01 INFO  server listening on :8080',
  ...Array.from({ length: 25 }, (_, i) => `2026-11-23 10:00:${String(2 + i).padStart(2, '0')} INFO  GET /api/items/${i} 200 in ${10 + i} ms`),
  '2026-11-23 10:00:40 ERROR request 7f3a failed: connect ECONNREFUSED 10.0.0.7:5432',
  '2026-11-23 10:01:30 INFO  shutting down',
].join('\n');

// An Anthropic-style conversation as the gateway forwards it (string contents, no system role).
const CONVERSATION = [
  { role: 'user', content: TOPICS['railway']!.join(' ') },
  { role: 'assistant', content: TOPICS['bakery']!.join(' ') },
  { role: 'user', content: TOPICS['volcano']!.join(' ') },
  { role: 'assistant', content: TOPICS['chess']!.join(' ') },
  { role: 'user', content: 'And the tunnel?' },
  { role: 'assistant', content: 'It is 3.2 kilometres long.' },
  { role: 'user', content: 'Thanks. Anything else about the line?' },
];

/** The Python SDK's CompressToolOutputResult fields, with its types. */
function expectPythonToolOutputResult(data: Record<string, unknown>, shape: 'string' | 'array') {
  expect(shape === 'array' ? Array.isArray(data['compressed_output']) : typeof data['compressed_output']).toBe(shape === 'array' ? true : 'string');
  for (const f of ['original_tokens', 'compressed_tokens', 'duration_ms']) expect(Number.isInteger(data[f]), f).toBe(true);
  expect(typeof data['compression_ratio']).toBe('number');
  expect(data['compression_ratio']).toBeCloseTo((data['original_tokens'] as number) / (data['compressed_tokens'] as number), 2);
  expect(typeof data['tool_name']).toBe('string');
}

describe('published clients: tool-output', () => {
  it('Python SDK defaults (toc_latte_v2, source sdk:python) with a query: 200 and the result it parses', async () => {
    const body = { tool_output: LOG, query: 'Which request failed and why?', tool_name: 'read_logs', compression_model_name: 'toc_latte_v2', source: 'sdk:python' };
    const res = await post('/api/compress/tool-output/', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    expectPythonToolOutputResult(res.body.data, 'string');
    expect(res.body.data.tool_name).toBe('read_logs');
    expect(res.body.data.compressed_output).toContain('ECONNREFUSED');
  });

  it('Python SDK with a list of outputs and an Nx ratio: the output mirrors the input type', async () => {
    const body = { tool_output: [LOG, TOPICS['garden']!.join(' ')], query: 'find the answer', tool_name: 'web_search', compression_model_name: 'toc_latte_v2', target_compression_ratio: 5.0, source: 'sdk:python' };
    const res = await post('/api/compress/tool-output/', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectPythonToolOutputResult(res.body.data, 'array');
    expect(res.body.data.compressed_output).toHaveLength(2);
  });

  it('Context-Gateway CompressToolOutput (toc_latte_v1 with the user query): 200 with compressed_output', async () => {
    const body = { tool_output: LOG, query: 'why did the request fail', tool_name: 'bash', compression_model_name: 'toc_latte_v1', source: 'gateway:anthropic' };
    const res = await post('/api/compress/tool-output/', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(typeof res.body.data.compressed_output).toBe('string');
    expect(res.body.data.compressed_output.length).toBeGreaterThan(0);
  });
});

describe('published clients: history', () => {
  it('Context-Gateway CompressHistory (hcc_espresso_v1, source "gateway"): 200, and its index arithmetic lands on the summarized turns', async () => {
    const body = { messages: CONVERSATION, keep_recent: 3, compression_model_name: 'hcc_espresso_v1', source: 'gateway' };
    const res = await post('/api/compress/history/', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(typeof d.summary).toBe('string');
    for (const f of ['original_tokens', 'compressed_tokens', 'messages_compressed', 'messages_kept', 'duration_ms']) expect(Number.isInteger(d[f]), f).toBe(true);
    expect(typeof d.compression_ratio).toBe('number');
    // The gateway replaces messages[0 .. total - messages_kept - 1] with the summary.
    const lastSummarized = CONVERSATION.length - d.messages_kept - 1;
    expect(lastSummarized).toBe(3);
    expect(d.messages_compressed).toBe(lastSummarized + 1);
    // One line per summarized turn that kept something (`role: ` where the role is needed to read
    // it); a run of turns that kept nothing is one `[...]` opening the next line. The labelled
    // lines follow the conversation's order.
    const lines = d.summary.split('\n') as string[];
    const roles = CONVERSATION.slice(0, lastSummarized + 1).map((m) => m.role);
    let next = 0;
    for (const line of lines) {
      const role = /^(?:\[\.\.\.\] )?(\w+): /u.exec(line)?.[1];
      if (role === undefined || !roles.includes(role)) continue;
      while (next < roles.length && roles[next] !== role) next++;
      expect(next, `${line} is not a summarized turn in order`).toBeLessThan(roles.length);
      next++;
    }
    expect(lines.filter((l) => l !== '[...]').length).toBeGreaterThan(0);
    // what it then sends upstream: the summary, then the kept turns; crema's messages[] is that list
    expect(d.messages).toEqual([{ role: 'user', content: d.summary }, ...CONVERSATION.slice(lastSummarized + 1)]);
    expect(d.compressed_tokens).toBeLessThan(d.original_tokens);
  });

  it("the reference's minimal request (messages only) uses hcc_latte_v1, keep_recent 3 and ratio 0.3", async () => {
    const res = await post('/api/compress/history/', { messages: CONVERSATION });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.messages_kept).toBe(3);
    const rows = await usageOf(String(res.headers['x-request-id']));
    expect(rows.map((r) => r.model)).toEqual(['hcc_latte_v1']);
    // no ratio sent: none echoed, the model's default (0.3) still shortens the older turns
    expect(res.body.data.target_compression_ratio).toBeNull();
    expect(res.body.data.actual_compression_ratio).toBeGreaterThan(0.1);
  });
});

describe("the reference's batch bodies: {inputs: [whole requests]}", () => {
  it('history: each input its own model and keep_recent; one usage row per model, canonical ids', async () => {
    const inputs = [
      { messages: CONVERSATION, keep_recent: 2, compression_model_name: 'hcc_latte_v1' },
      { messages: CONVERSATION, keep_recent: 4, compression_model_name: 'agentic_history_lingua' },
      { messages: CONVERSATION.slice(0, 3) },
    ];
    const res = await post('/api/compress/history/batch', { inputs });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const results = res.body.data.results as Array<{ messages_kept: number; original_tokens: number; compressed_tokens: number }>;
    expect(results.map((r) => r.messages_kept)).toEqual([2, 4, 3]);
    const id = String(res.headers['x-request-id']);
    const rows = await usageOf(id);
    // inputs 0 and 2 are hcc_latte_v1 (2 default), input 1 the alias of hcc_espresso_v1
    expect(rows.map((r) => [r.request_id, r.model, r.rows, r.operation])).toEqual([
      [id, 'hcc_latte_v1', 2, 'batch'],
      [`${id}:hcc_espresso_v1`, 'hcc_espresso_v1', 1, 'batch'],
    ]);
    expect(rows[0]!.original_tokens).toBe(results[0]!.original_tokens + results[2]!.original_tokens);
    expect(rows[1]!.compressed_tokens).toBe(results[1]!.compressed_tokens);
  });

  it('tool-output: per-input models and ratios; a query rule broken by one input names it', async () => {
    const inputs = [
      { tool_output: LOG, tool_name: 'logs', compression_model_name: 'toc_americano', target_compression_ratio: 4 },
      { tool_output: [LOG], tool_name: 'logs', query: 'what failed?', compression_model_name: 'toc_latte_v2', source: 'sdk:python' },
    ];
    const res = await post('/api/compress/tool-output/batch', { inputs });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const results = res.body.data.results;
    expect(typeof results[0].compressed_output).toBe('string');
    expect(Array.isArray(results[1].compressed_output)).toBe(true);
    expect(results[0].target_compression_ratio).toBe(4);
    expect(results[1].target_compression_ratio).toBeNull();
    expect((await usageOf(String(res.headers['x-request-id']))).map((r) => r.model)).toEqual(['toc_americano_v1', 'toc_latte_v2']);

    const broken = await post('/api/compress/tool-output/batch', { inputs: [inputs[0], { ...inputs[1], query: undefined }] });
    expect(broken.status).toBe(422);
    expect(broken.body).toMatchObject({ code: 'validation_error', field: 'inputs.1.query' });
    const noModel = await post('/api/compress/tool-output/batch', { inputs: [{ tool_output: LOG, tool_name: 'logs' }] });
    expect(noModel.status).toBe(422);
    expect(noModel.body).toMatchObject({ code: 'validation_error', field: 'inputs.0.compression_model_name' });
  });

  it('a batch whose second model group cannot be held fails whole: 402 and nothing settled', async () => {
    const a = await signup(t().app);
    const tokens = (text: string) => countTokens(text);
    const first = tokens(LOG);
    const second = tokens(TOPICS['railway']!.join(' '));
    // Room for the first group's hold and half the second's (100 nano-USD per token at 0.1 USD / 1M).
    const budgetUsd = (100 * (first + Math.floor(second / 2))) / 1e9;
    const k = await createKey(t().app, a.token, { monthly_budget_usd: budgetUsd });
    const inputs = [
      { tool_output: LOG, tool_name: 'logs', compression_model_name: 'toc_americano_v1' },
      { tool_output: TOPICS['railway']!.join(' '), tool_name: 'read', query: 'tunnel length?', compression_model_name: 'toc_latte_v2' },
    ];
    const res = await request(t().app).post('/api/compress/tool-output/batch').set('X-API-Key', k.key).send({ inputs });
    expect(res.status, JSON.stringify(res.body)).toBe(402);
    const rows = await t().db.db.selectFrom('usage_events').select(['status']).where('account_id', '=', a.accountId).execute();
    expect(rows.filter((r) => r.status === 'settled')).toEqual([]);
    // each group alone fits: the first is served on its own
    const alone = await request(t().app).post('/api/compress/tool-output/batch').set('X-API-Key', k.key).send({ inputs: [inputs[0]] });
    expect(alone.status, JSON.stringify(alone.body)).toBe(200);
  });
});

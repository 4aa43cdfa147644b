import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { costNanoUsd } from '../../../server/catalog/prices.js';
import { countTokens } from '../../../server/compression/engine/text/tokens.js';
import { useApiKey } from '../../helpers/accounts.js';
import { useTestApp } from '../../helpers/test-app.js';
import { SAMPLE_TOOLS } from '../../fixtures/sample-tools.js';

const t = useTestApp();
const key = useApiKey(() => t().app);
const BASE = '/api/compress/tool-discovery';

type Body = Record<string, unknown>;
const post = (path: string, body: Body) => request(t().app).post(`${BASE}${path}`).set('X-API-Key', key()).send(body);
const discover = (body: Body) => post('/', { tools: SAMPLE_TOOLS, compression_model_name: 'tdc_coldbrew_v1', ...body });
const usageRows = (res: request.Response) =>
  t().db.db.selectFrom('usage_events').selectAll().where('request_id', 'like', `${String(res.headers['x-request-id'])}%`).execute();

describe('tool discovery: the single route', () => {
  it('answers the needed tool first, with reasoning and accounting', async () => {
    const res = await discover({ query: 'what is the weather in Paris right now?' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d.relevant_tools[0]).toBe('get_weather');
    expect(d.tool_count).toBe(d.relevant_tools.length);
    expect(d.tool_count).toBeLessThanOrEqual(5);
    expect(d.original_tool_count).toBe(SAMPLE_TOOLS.length);
    expect(d.reasoning.split('\n')).toHaveLength(d.tool_count);
    expect(d.reasoning.split('\n')[0]).toMatch(/^get_weather: matches "weather"/);
    const all = SAMPLE_TOOLS.reduce((s, tool) => s + countTokens(JSON.stringify(tool)), 0);
    expect(d.original_tokens).toBe(all);
    expect(d.compressed_tokens).toBe(d.relevant_tools.reduce((s: number, name: string) => s + countTokens(JSON.stringify(SAMPLE_TOOLS.find((x) => x.name === name))), 0));
    expect(d.tokens_saved).toBe(all - d.compressed_tokens);
  });

  it('bills the tool definitions read plus the query: one usage row at the canonical model', async () => {
    const query = 'send an email to the team';
    const res = await discover({ query, compression_model_name: 'agentic_tool_discovery_sat' });
    expect(res.status).toBe(200);
    const rows = await usageRows(res);
    expect(rows).toHaveLength(1);
    const definitions = SAMPLE_TOOLS.reduce((s, tool) => s + countTokens(JSON.stringify(tool)), 0);
    expect(rows[0]).toMatchObject({ family: 'tool-discovery', model: 'tdc_coldbrew_v1', operation: 'single', status: 'settled', rows: 1 });
    expect(Number(rows[0]!.original_tokens)).toBe(definitions);
    expect(Number(rows[0]!.compressed_tokens)).toBe(res.body.data.compressed_tokens);
    expect(Number(rows[0]!.cost_nusd)).toBe(costNanoUsd('tdc_coldbrew_v1', definitions + countTokens(query)));
  });

  it.each(['tdc_coldbrew_v1', 'tdc_espresso', 'agentic_tool_discovery_sat'])('%s is accepted', async (model) => {
    const res = await discover({ query: 'list the open pull requests', compression_model_name: model });
    expect(res.status).toBe(200);
    expect(res.body.data.relevant_tools[0]).toBe('list_pull_requests');
  });

  it('rejects another family\'s model and a request without one (the reference requires it)', async () => {
    expect((await discover({ query: 'weather?', compression_model_name: 'toc_latte_v1' })).status).toBe(422);
    const { compression_model_name: _m, ...none } = { query: 'weather?', tools: SAMPLE_TOOLS, compression_model_name: '' };
    expect((await post('/', none)).status).toBe(422);
  });

  it.each([
    ['OpenAI', (name: string, description: string, parameters: object) => ({ type: 'function', function: { name, description, parameters } })],
    ['Anthropic', (name: string, description: string, parameters: object) => ({ name, description, input_schema: parameters })],
    ['MCP', (name: string, description: string, parameters: object) => ({ name, description, inputSchema: parameters })],
  ])('accepts %s tool shapes and answers names', async (_shape, make) => {
    const tools = SAMPLE_TOOLS.map((x) => make(x.name, x.description, x.parameters));
    const res = await discover({ query: 'translate this paragraph into German', tools });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.relevant_tools[0]).toBe('translate_text');
    const hosted = await discover({ query: 'translate this paragraph into German' });
    expect(res.body.data.relevant_tools).toEqual(hosted.body.data.relevant_tools);
  });

  it('takes a long query (a pasted message, past the 8,192 characters of the compression families)', async () => {
    const log = Array.from({ length: 400 }, (_, i) => `line ${i}: request ${i} took ${i % 97} ms`).join('\n');
    const res = await discover({ query: `${log}\nthe build is slow, open an issue in the repository about it` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.relevant_tools).toContain('create_issue');
  });

  it('always_keep comes first and counts toward max_tools', async () => {
    const res = await discover({ query: 'what is the weather in Paris?', always_keep: ['send_email', 'unknown_tool'], max_tools: 2 });
    expect(res.body.data.relevant_tools).toEqual(['send_email', 'get_weather']);
    expect(res.body.data.reasoning.split('\n')[0]).toBe('send_email: in always_keep');
  });

  it('max_tools bounds the answer; 0 and 51 are 422', async () => {
    const res = await discover({ query: 'create a file, an issue, an invoice or an event', max_tools: 2 });
    expect(res.body.data.tool_count).toBe(2);
    expect((await discover({ query: 'x', max_tools: 0 })).status).toBe(422);
    expect((await discover({ query: 'x', max_tools: 51 })).status).toBe(422);
  });

  it('is stable across calls (ties in definition order: see rank.test.ts)', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => discover({ query: 'create a file, an issue, an invoice or an event', max_tools: 4 })));
    expect(answers[0]!.body.data.tool_count).toBeGreaterThan(1);
    for (const a of answers) expect(a.body.data.relevant_tools).toEqual(answers[0]!.body.data.relevant_tools);
  });
});

describe('tool discovery: batch and stream', () => {
  it('batch: whole requests in, results in input order with totals; one usage row per model', async () => {
    const inputs = [
      { query: 'what is the weather in Paris?', tools: SAMPLE_TOOLS, compression_model_name: 'tdc_coldbrew_v1' },
      { query: 'list the open pull requests', tools: SAMPLE_TOOLS, compression_model_name: 'tdc_espresso', max_tools: 1 },
    ];
    const res = await post('/batch', { inputs });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d.count).toBe(2);
    expect(d.results[0].relevant_tools[0]).toBe('get_weather');
    expect(d.results[1].relevant_tools).toEqual(['list_pull_requests']);
    expect(d.total_original_tokens).toBe(d.results[0].original_tokens + d.results[1].original_tokens);
    const rows = await usageRows(res);
    expect(rows.map((r) => [r.model, r.operation, r.rows])).toEqual([['tdc_coldbrew_v1', 'batch', 2]]);
  });

  it('stream: one frame with the names, one per line', async () => {
    const body = { query: 'send an email to the team', tools: SAMPLE_TOOLS, compression_model_name: 'tdc_coldbrew_v1', max_tools: 2 };
    const single = await post('/', body);
    const res = await post('/stream', body);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const frames = res.text.split('\n\n').filter((f) => f.startsWith('data: ')).map((f) => JSON.parse(f.slice(6)));
    expect(frames).toEqual([{ content: single.body.data.relevant_tools.join('\n'), done: true, error: null }]);
  });
});

describe('tool discovery: health and models', () => {
  it('health names the family and its model', async () => {
    const res = await request(t().app).get(`${BASE}/health`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ family: 'tool-discovery', models: [{ id: 'tdc_coldbrew_v1' }] });
  });

  it('models lists tdc_coldbrew_v1, also under discovery_models (where the agent gateway reads it)', async () => {
    const res = await request(t().app).get(`${BASE}/models`);
    expect(res.status).toBe(200);
    expect(res.body.data.models.map((m: { id: string }) => m.id)).toEqual(['tdc_coldbrew_v1']);
    expect(res.body.data.discovery_models).toEqual(res.body.data.compression_models);
    expect(res.body.data.discovery_models[0]).toMatchObject({ value: 'tdc_coldbrew_v1', label: 'TDC Coldbrew v1' });
    const one = await request(t().app).get(`${BASE}/models/tdc_coldbrew_v1`);
    expect(one.body.data).toMatchObject({ id: 'tdc_coldbrew_v1', family: 'tool-discovery', query: 'required' });
    expect((await request(t().app).get(`${BASE}/models/toc_latte_v1`)).status).toBe(404);
  });

  it('the catalogue across families lists it under model_type tool_discovery, priced like the others', async () => {
    const res = await request(t().app).get('/api/compress/models?model_type=tool_discovery');
    expect(res.body.data.models.map((m: { id: string }) => m.id)).toEqual(['tdc_coldbrew_v1']);
    expect(res.body.data.models[0].input_price_per_1m).toBe(0.1);
  });
});

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_TOOLS } from '../fixtures/sample-tools.js';
import { DOCUMENT, OLDER_TURNS, QUESTION, STATIONS } from './conversation.js';
import { useCremaServer } from './use-crema-server.js';

const BIN = new URL('../../packages/client/bin/crema.mjs', import.meta.url).pathname;
const crema = useCremaServer();

/** `crema mcp` as an MCP host runs it: a child process on stdio, key and URL from the environment. */
async function connect(env: Record<string, string>): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env: { PATH: process.env['PATH'] ?? '', ...env }, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'crema-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

type TextResult = { content: { type: string; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

describe('crema mcp (stdio, @modelcontextprotocol/sdk client)', { timeout: 180_000 }, () => {
  let client: Client;
  beforeAll(async () => {
    const home = await mkdtemp(join(tmpdir(), 'crema-mcp-'));
    ({ client } = await connect({ HOME: home, CREMA_BASE_URL: crema().baseUrl, CREMA_API_KEY: crema().apiKey }));
  });
  afterAll(async () => client?.close());

  it('lists the four tools with their input schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['compress_for_question', 'compress_history', 'compress_tool_output', 'discover_tools']);
    const forQuestion = tools.find((t) => t.name === 'compress_for_question')!;
    expect(forQuestion.inputSchema.required).toEqual(['context', 'query']);
    expect(forQuestion.outputSchema?.properties).toHaveProperty('tokens_saved');
  });

  it('compress_for_question answers what the server answers for the same request', async () => {
    const result = (await client.callTool({ name: 'compress_for_question', arguments: { context: DOCUMENT, query: QUESTION, target_compression_ratio: 0.5 } })) as TextResult;
    const direct = await crema().client.compress('question-specific', { context: DOCUMENT, query: QUESTION, compressionModelName: 'latte_v2', targetCompressionRatio: 0.5 });
    expect(result.isError).toBeFalsy();
    expect(result.content).toEqual([{ type: 'text', text: direct.compressed_context }]);
    expect(result.content[0]!.text).toContain('1911');
    expect(result.structuredContent).toEqual({ compressed_context: direct.compressed_context, original_tokens: direct.original_tokens, compressed_tokens: direct.compressed_tokens, tokens_saved: direct.tokens_saved });
  });

  it('compress_tool_output with and without a query', async () => {
    const output = JSON.stringify(STATIONS, null, 2);
    const withQuery = (await client.callTool({ name: 'compress_tool_output', arguments: { tool_output: output, tool_name: 'list_stations', query: 'population of Alvik' } })) as TextResult;
    expect(withQuery.isError).toBeFalsy();
    expect(withQuery.structuredContent).toMatchObject({ detected_format: 'json' });
    expect(withQuery.content[0]!.text).toContain('Alvik');
    expect(withQuery.content[0]!.text.length).toBeLessThan(output.length);
    const direct = await crema().client.compress('tool-output', { toolOutput: output, toolName: 'list_stations', compressionModelName: 'toc_americano_v1' });
    const without = (await client.callTool({ name: 'compress_tool_output', arguments: { tool_output: output, tool_name: 'list_stations' } })) as TextResult;
    expect(without.content[0]!.text).toBe(direct.compressed_output);
  });

  it('compress_history answers ready-to-send messages', async () => {
    const result = (await client.callTool({ name: 'compress_history', arguments: { messages: [{ role: 'system', content: 'Be brief.' }, ...OLDER_TURNS], keep_recent: 2 } })) as TextResult;
    expect(result.isError).toBeFalsy();
    const messages = JSON.parse(result.content[0]!.text) as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'user', 'assistant']);
    expect(messages.slice(2)).toEqual(OLDER_TURNS.slice(4));
    expect(messages[1]!.content).toBe(result.structuredContent!['summary']);
    expect(result.structuredContent!['tokens_saved']).toBeGreaterThan(0);
  });

  it('discover_tools answers the names the query needs', async () => {
    const tools = SAMPLE_TOOLS.map((x) => ({ type: 'function', function: x }));
    const result = (await client.callTool({ name: 'discover_tools', arguments: { query: 'what is the weather in Paris right now?', tools, max_tools: 3 } })) as TextResult;
    expect(result.isError).toBeFalsy();
    const names = result.content[0]!.text.split('\n');
    expect(names[0]).toBe('get_weather');
    expect(names.length).toBeLessThanOrEqual(3);
    expect(result.structuredContent!['relevant_tools']).toEqual(names);
  });

  it("a server refusal is a tool error the agent can read, not a crash", async () => {
    const result = (await client.callTool({ name: 'discover_tools', arguments: { query: 'weather', tools: [{ description: 'no name' }] } })) as TextResult;
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toMatch(/^crema: .*HTTP 422/);
    // the server still answers afterwards
    expect((await client.listTools()).tools).toHaveLength(4);
  });

  it('refuses to start without a key (exit 1, a hint on stderr)', async () => {
    const home = await mkdtemp(join(tmpdir(), 'crema-mcp-nokey-'));
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, [BIN, 'mcp'], { env: { PATH: process.env['PATH'] ?? '', HOME: home, CREMA_BASE_URL: crema().baseUrl }, input: '', encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('no API key');
  });
});

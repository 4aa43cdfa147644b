import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { toWire } from '../../packages/client/src/case.js';
import { createKey, signup } from '../helpers/accounts.js';
import { useListeningApp } from '../helpers/listening-app.js';
import { SAMPLE_TOOLS } from '../fixtures/sample-tools.js';
import { runCrema } from '../helpers/cli-runner.js';

const crema = runCrema;
const t = useListeningApp();


let home: string;
let env: Record<string, string>;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'crema-discover-'));
  const { token } = await signup(t().app);
  const { key } = await createKey(t().app, token);
  env = { HOME: home, CREMA_BASE_URL: t().baseUrl, CREMA_API_KEY: key };
});

describe('crema discover', { timeout: 180_000 }, () => {
  it('reads an OpenAI tools file and prints the names, the reasoning and a summary', async () => {
    const file = join(home, 'openai-tools.json');
    await writeFile(file, JSON.stringify(SAMPLE_TOOLS.map((x) => ({ type: 'function', function: x }))));
    const run = await crema(['discover', '--query', 'what is the weather in Paris right now?', '--max-tools', '3', '--always-keep', 'send_email', file], env);
    expect(run.code, run.stderr).toBe(0);
    const names = run.stdout.trim().split('\n');
    expect(names.slice(0, 2)).toEqual(['send_email', 'get_weather']);
    expect(names.length).toBeLessThanOrEqual(3);
    expect(run.stderr).toContain('send_email: in always_keep');
    expect(run.stderr).toMatch(new RegExp(`${names.length} of ${SAMPLE_TOOLS.length} tools; \\d+ of \\d+ definition tokens kept`));
  });

  it('reads an MCP tools/list result on stdin; --json prints the whole result', async () => {
    const mcp = { tools: SAMPLE_TOOLS.map((x) => ({ name: x.name, description: x.description, inputSchema: x.parameters })) };
    const run = await crema(['discover', '--query', 'list the open pull requests', '--json'], env, JSON.stringify(mcp));
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ relevant_tools: expect.arrayContaining(['list_pull_requests']), original_tool_count: SAMPLE_TOOLS.length });
  });

  it('usage errors exit 1: no --query, a file that is not tools, --max-tools out of range', async () => {
    const notTools = join(home, 'not-tools.json');
    await writeFile(notTools, '{"hello": 1}');
    expect((await crema(['discover', notTools], env)).code).toBe(1);
    const bad = await crema(['discover', '--query', 'x', notTools], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('no tools found');
    expect((await crema(['discover', '--query', 'x', '--max-tools', '51', notTools], env)).code).toBe(1);
  });
});

describe('the SDK sends a tool schema verbatim', () => {
  it('renames the request keys but not the property names inside parameters', () => {
    const wire = toWire({ maxTools: 2, tools: [{ name: 'shot', inputSchema: { properties: { fullPage: { type: 'boolean' } } } }] });
    expect(wire).toEqual({ max_tools: 2, tools: [{ name: 'shot', input_schema: { properties: { fullPage: { type: 'boolean' } } } }] });
  });
});

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bm25Pick, bm25Scores, randomPick, topK } from '../../bench/quality/tool-discovery/bm25.js';
import { buildPool, checkQueries, inFormat, splitOf } from '../../bench/quality/tool-discovery/dataset.js';
import { binOf, mergeTools, toDefinition, type SourcedTool } from '../../bench/quality/tool-discovery/extract.js';
import { listMcpTools } from '../../bench/quality/tool-discovery/mcp-list.js';
import { contentStems, nameWords, sharedStems } from '../../bench/quality/tool-discovery/overlap.js';
import { QUERIES } from '../../bench/quality/tool-discovery/queries.js';
import { toolText } from '../../bench/quality/tool-discovery/tool-text.js';
import { rng } from '../helpers/rng.js';

// The tool-discovery benchmark's own pieces on committed fixtures: no network, and no need for
// bench/data/tools to be installed.
const FAKE = fileURLToPath(new URL('./fixtures/fake-mcp/', import.meta.url));
const fake = (mode: string, timeoutMs = 10_000) =>
  listMcpTools({ command: process.execPath, args: [binOf(FAKE)], env: { PATH: process.env['PATH'] ?? '', FAKE_MCP_MODE: mode }, timeoutMs });

describe('tool extraction from an MCP server', () => {
  it('finds the bin of a package and lists every page of tools/list, past a non-JSON line', async () => {
    expect(binOf(FAKE)).toBe(path.join(FAKE, 'server.mjs'));
    const tools = await fake('list');
    expect(tools.map((t) => t.name)).toEqual(['read_text_file', 'create_issue', 'create_issue']);
    expect(tools[0]!.inputSchema).toMatchObject({ properties: { path: { description: 'Where the file is' } } });
  });

  it('fails with the reason when the server hangs, exits or answers an error', async () => {
    await expect(fake('hang', 1_500)).rejects.toThrow(/no tools\/list answer within 1500 ms/u);
    await expect(fake('exit')).rejects.toThrow(/exited \(3\)/u);
    await expect(fake('error')).rejects.toThrow(/JSON-RPC error: no tools here/u);
  });

  it('puts tools in the reference shape and namespaces a name another package already uses', () => {
    expect(toDefinition({ name: 'x' })).toEqual({ name: 'x', description: '', parameters: null });
    const merged = mergeTools([
      { source: '@modelcontextprotocol/server-github@1.0.0', tools: [{ name: 'create_issue', description: 'Create a new issue in a GitHub repository' }] },
      {
        source: '@modelcontextprotocol/server-gitlab@1.0.0',
        tools: [
          { name: 'create_issue', description: 'Create a new issue in a GitLab project' },
          { name: 'create_merge_request', description: 'Create a merge request' },
        ],
      },
      // The same definition shipped twice is one tool.
      { source: 'other-mcp@2.0.0', tools: [{ name: 'create_merge_request', description: 'Create a merge request' }] },
    ]);
    expect(merged.map((t) => [t.name, t.source])).toEqual([
      ['create_issue', '@modelcontextprotocol/server-github@1.0.0'],
      ['gitlab__create_issue', '@modelcontextprotocol/server-gitlab@1.0.0'],
      ['create_merge_request', '@modelcontextprotocol/server-gitlab@1.0.0'],
    ]);
  });
});

describe('tool text and the word-overlap check', () => {
  it('splits names on _ - . and camelCase', () => {
    expect(nameWords('read_text_file')).toEqual(['read', 'text', 'file']);
    expect(nameWords('API-get-user')).toEqual(['api', 'get', 'user']);
    expect(nameWords('getHTTPResponse.v2')).toEqual(['get', 'http', 'response', 'v2']);
  });

  it('reads parameter names and descriptions, nested properties and array items included', () => {
    const text = toolText({
      name: 'browser_fill_form',
      description: 'Fill multiple form fields',
      parameters: { type: 'object', properties: { fields: { type: 'array', items: { type: 'object', properties: { fieldRef: { type: 'string', description: 'Exact target field reference' } } } } } },
    });
    expect(text.split('\n')).toEqual(['browser fill form', 'Fill multiple form fields', 'fields', 'field ref', 'Exact target field reference']);
  });

  it('matches stems (directories ~ directory), counts name words, ignores function words', () => {
    const tool = { name: 'list_directory', description: 'Get a detailed listing of all files' };
    expect(sharedStems('Which directories can I see?', tool)).toEqual(['directori']);
    expect(sharedStems('list them please', tool)).toEqual(['list']);
    expect(sharedStems('Show me what is in that folder', tool)).toEqual([]);
    expect(contentStems('I want my own and your stuff')).toEqual(new Set(['own', 'stuff']));
  });

  it('refuses a paraphrase query that shares a word, a literal one that shares none, or one needing a tool that is not there', () => {
    const tools = [{ name: 'reboot-droplet', description: 'Reboot a droplet', parameters: null }];
    expect(checkQueries([{ kind: 'paraphrase', query: 'Turn the server off and on again', needs: ['reboot-droplet'] }], tools)[0]!.shared).toEqual([]);
    expect(checkQueries([{ kind: 'literal', query: 'Reboot web-1', needs: ['reboot-droplet'] }], tools)[0]!.shared).toEqual(['reboot']);
    expect(() => checkQueries([{ kind: 'paraphrase', query: 'Please reboot the droplet', needs: ['reboot-droplet'] }], tools)).toThrow(/shares droplet, reboot/u);
    expect(() => checkQueries([{ kind: 'literal', query: 'Resize it', needs: ['resize-droplet'] }], tools)).toThrow(/no extracted tool is called/u);
    expect(() => checkQueries([{ kind: 'literal', query: 'Turn it off and on', needs: ['reboot-droplet'] }], tools)).toThrow(/literal .* shares no word/u);
  });

  it('the committed queries: at least 150, distinct, both kinds, both splits', () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(150);
    expect(new Set(QUERIES.map((q) => q.query)).size).toBe(QUERIES.length);
    expect(QUERIES.every((q) => q.needs.length > 0)).toBe(true);
    for (const kind of ['literal', 'paraphrase'] as const) expect(QUERIES.filter((q) => q.kind === kind).length).toBeGreaterThanOrEqual(60);
    const dev = QUERIES.filter((q) => splitOf(q.query) === 'dev').length;
    expect(dev).toBeGreaterThan(QUERIES.length / 3);
    expect(dev).toBeLessThan((2 * QUERIES.length) / 3);
    expect(splitOf('Reboot the droplet web-1')).toBe(splitOf('Reboot the droplet web-1'));
  });
});

describe('BM25 and random baselines', () => {
  const pool = [
    { name: 'slack_post_message', description: 'Post a new message to a Slack channel', parameters: { type: 'object', properties: { channel_id: { type: 'string', description: 'The ID of the channel to post to' } } } },
    { name: 'git_commit', description: 'Create a new commit with staged changes', parameters: null },
    { name: 'maps_elevation', description: 'Get elevation data for locations on the earth', parameters: null },
    { name: 'get_sum', description: 'Returns the sum of two numbers', parameters: { type: 'object', properties: { a: { type: 'number', description: 'First addend' } } } },
  ];

  it('ranks the tool whose text holds the query words first, and returns exactly k', () => {
    expect(bm25Pick('post to the deploys channel on Slack', pool, 2)[0]).toBe('slack_post_message');
    expect(bm25Pick('elevation of Denver', pool, 3)).toHaveLength(3);
    expect(bm25Pick('elevation of Denver', pool, 1)).toEqual(['maps_elevation']);
  });

  it('reads parameter descriptions: a word only there still finds the tool', () => {
    expect(bm25Pick('which addend comes first', pool, 1)).toEqual(['get_sum']);
  });

  it('weighs a rare word over a common one (IDF of the pool)', () => {
    const scores = bm25Scores('new elevation', pool);
    // "new" is in two tools, "elevation" in one: the elevation tool outscores either "new" tool.
    expect(scores[2]!).toBeGreaterThan(scores[0]!);
    expect(scores[2]!).toBeGreaterThan(scores[1]!);
    expect(scores[3]).toBe(0);
  });

  it('keeps definition order among equal scores', () => {
    expect(topK([0, 2, 0, 2, 1], 4)).toEqual([1, 3, 4, 0]);
    expect(bm25Pick('nothing matches zzz', pool, 4)).toEqual(pool.map((t) => t.name));
  });

  it('random picks k distinct tools, the same for the same seed', () => {
    const a = randomPick(pool, 3, rng(7));
    expect(new Set(a).size).toBe(3);
    expect(randomPick(pool, 3, rng(7))).toEqual(a);
  });
});

describe('pools', () => {
  const tools: SourcedTool[] = Array.from({ length: 50 }, (_, i) => ({ name: `tool_${i}`, description: `Tool number ${i}`, parameters: null, source: 'x@1' }));

  it('hold the needed tools plus distinct distractors, seeded', () => {
    const pool = buildPool(tools, ['tool_3', 'tool_40'], 20, 11);
    expect(pool).toHaveLength(20);
    expect(new Set(pool.map((t) => t.name)).size).toBe(20);
    expect(pool.map((t) => t.name)).toEqual(expect.arrayContaining(['tool_3', 'tool_40']));
    expect(buildPool(tools, ['tool_3', 'tool_40'], 20, 11)).toEqual(pool);
    expect(buildPool(tools, ['tool_3', 'tool_40'], 20, 12)).not.toEqual(pool);
    expect(Object.keys(pool[0]!).sort()).toEqual(['description', 'name', 'parameters']);
    expect(() => buildPool(tools, ['tool_3'], 51, 1)).toThrow(/pool of 51/u);
  });

  it('can be sent as OpenAI, Anthropic or MCP hold their tools', () => {
    const schema = { type: 'object', properties: { url: { type: 'string' } } };
    const pool = [{ name: 'browser_navigate', description: 'Navigate to a URL', parameters: schema }, { name: 'lock', description: 'Lock the vault', parameters: null }];
    expect(inFormat(pool, 'reference')).toEqual(pool);
    expect(inFormat(pool, 'openai')[0]).toEqual({ type: 'function', function: { name: 'browser_navigate', description: 'Navigate to a URL', parameters: schema } });
    expect(inFormat(pool, 'anthropic')[1]).toEqual({ name: 'lock', description: 'Lock the vault', input_schema: { type: 'object', properties: {} } });
    expect(inFormat(pool, 'mcp')[0]).toEqual({ name: 'browser_navigate', description: 'Navigate to a URL', inputSchema: schema });
  });
});

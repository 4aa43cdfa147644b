import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { describe, expect, it } from 'vitest';
import { withCrema } from '../../packages/client/src/integrations/anthropic/index.js';
import { DOCUMENT, LAST_TURN, OLDER_TURNS, QUESTION, STATIONS } from './conversation.js';
import { sendEvents, sendJson, useFakeUpstream } from './fake-upstream.js';
import { useCremaServer } from './use-crema-server.js';

const crema = useCremaServer();
const upstream = useFakeUpstream((req, res) => {
  const message = { id: 'msg_1', type: 'message', role: 'assistant', model: req.body['model'], stop_sequence: null };
  if (req.body['stream']) {
    return sendEvents(res, [
      { event: 'message_start', data: { type: 'message_start', message: { ...message, content: [], stop_reason: null, usage: { input_tokens: 10, output_tokens: 0 } } } },
      { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } } },
      { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'In 1911.' } } },
      { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
      { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } } },
      { event: 'message_stop', data: { type: 'message_stop' } },
    ]);
  }
  sendJson(res, { ...message, content: [{ type: 'text', text: 'In 1911.' }], stop_reason: 'end_turn', usage: { input_tokens: 10, output_tokens: 3 } });
});

const anthropic = () => new Anthropic({ apiKey: 'sk-ant-test', baseURL: upstream().url, maxRetries: 0 });
const conversation: MessageParam[] = [...OLDER_TURNS, { role: 'user', content: LAST_TURN }];

describe('withCrema (Anthropic SDK)', { timeout: 120_000 }, () => {
  it('messages.create sends the compressed messages; system prompt and the answer untouched', async () => {
    const client = withCrema(anthropic(), { client: crema().client, history: { keepRecent: 2 }, documents: { targetCompressionRatio: 0.5 } });
    const reply = await client.messages.create({ model: 'claude-test', max_tokens: 100, system: 'You are a travel guide.', messages: conversation });
    expect(reply.content).toEqual([{ type: 'text', text: 'In 1911.' }]);

    const sent = upstream().received.at(-1)!;
    expect(sent.path).toBe('/v1/messages');
    // the caller's own provider key reaches the upstream (SDK 1.x sends it as a bearer token)
    expect(sent.headers['authorization'] ?? sent.headers['x-api-key']).toMatch(/sk-ant-test$/);
    expect(sent.body).toMatchObject({ model: 'claude-test', max_tokens: 100, system: 'You are a travel guide.' });
    const messages = sent.body['messages'] as { role: string; content: string }[];
    // the summary opens the list as a user turn (Anthropic merges it with the user turn after it)
    expect(messages.map((m) => m.role)).toEqual(['user', 'user', 'assistant', 'user']);
    const history = await crema().client.compress('history', { messages: OLDER_TURNS.slice(0, 5), keepRecent: 1, compressionModelName: 'hcc_latte_v1' });
    expect(messages[0]!.content).toBe(history.summary);
    expect(messages.slice(1, 3)).toEqual(OLDER_TURNS.slice(4));
    const doc = await crema().client.compress('question-specific', { context: DOCUMENT, query: QUESTION, compressionModelName: 'latte_v2', targetCompressionRatio: 0.5 });
    expect(messages[3]!.content).toBe(`${doc.compressed_context}\n\n${QUESTION}`);
  });

  it('streams with create({stream: true}) and keeps text blocks, tool_use and tool_result in place', async () => {
    const client = withCrema(anthropic(), { client: crema().client, history: { keepRecent: 1 } });
    const messages: MessageParam[] = [
      ...OLDER_TURNS,
      { role: 'user', content: [{ type: 'text', text: DOCUMENT, cache_control: { type: 'ephemeral' } }, { type: 'text', text: 'What is the weather at the volcano now?' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'tu_1', name: 'get_weather', input: { place: 'Vell' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tu_1', content: 'Sunny, 21 C.' }] },
    ];
    const stream = await client.messages.create({ model: 'claude-test', max_tokens: 100, stream: true, messages });
    let text = '';
    for await (const event of stream) if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
    expect(text).toBe('In 1911.');

    const sent = upstream().received.at(-1)!.body['messages'] as MessageParam[];
    expect(sent).toHaveLength(4);
    expect(sent.slice(2)).toEqual(messages.slice(-2));
    const blocks = sent[1]!.content as { type: string; text: string; cache_control?: unknown }[];
    expect(blocks[0]!.cache_control).toEqual({ type: 'ephemeral' });
    expect(blocks[0]!.text.length).toBeLessThan(DOCUMENT.length);
    expect(blocks[1]!.text).toBe('What is the weather at the volcano now?');
  });

  it('a large tool_result is compressed with the query-free tool-output model; the tool_use_id stays', async () => {
    const client = withCrema(anthropic(), { client: crema().client });
    const output = JSON.stringify(STATIONS, null, 2);
    const messages: MessageParam[] = [
      { role: 'user', content: 'How many people live in Alvik?' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'tu_2', name: 'list_stations', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tu_2', content: output }] },
    ];
    await client.messages.create({ model: 'claude-test', max_tokens: 100, messages });
    const sent = upstream().received.at(-1)!.body['messages'] as MessageParam[];
    const direct = await crema().client.compress('tool-output', { toolOutput: output, toolName: 'tool', compressionModelName: 'toc_americano_v1' });
    expect(sent.slice(0, 2)).toEqual(messages.slice(0, 2));
    expect(sent[2]!.content).toEqual([{ type: 'tool_result', tool_use_id: 'tu_2', content: direct.compressed_output }]);
    expect(String(direct.compressed_output).length).toBeLessThan(output.length);
  });
});

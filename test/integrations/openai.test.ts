import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { withCrema } from '../../packages/client/src/integrations/openai/index.js';
import { DOCUMENT, LAST_TURN, OLDER_TURNS, QUESTION } from './conversation.js';
import { sendEvents, sendJson, useFakeUpstream } from './fake-upstream.js';
import { useCremaServer } from './use-crema-server.js';

const crema = useCremaServer();
const upstream = useFakeUpstream((req, res) => {
  const model = req.body['model'];
  if (req.body['stream']) {
    const chunk = (delta: object, finish: string | null) => ({ data: { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] } });
    return sendEvents(res, [chunk({ role: 'assistant', content: 'In ' }, null), chunk({ content: '1911.' }, null), chunk({}, 'stop')], true);
  }
  sendJson(res, {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 0,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: 'In 1911.', refusal: null }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 3, total_tokens: 13 },
  });
});

const openai = () => new OpenAI({ apiKey: 'sk-test', baseURL: `${upstream().url}/v1`, maxRetries: 0 });
const conversation: ChatCompletionMessageParam[] = [{ role: 'system', content: 'You are a travel guide.' }, ...OLDER_TURNS, { role: 'user', content: LAST_TURN }];

describe('withCrema (OpenAI SDK)', { timeout: 120_000 }, () => {
  it('chat.completions.create sends the compressed messages; the answer and the rest of the body are untouched', async () => {
    const plain = openai();
    const client = withCrema(plain, { client: crema().client, history: { keepRecent: 2 }, documents: { targetCompressionRatio: 0.5 } });
    const reply = await client.chat.completions.create({ model: 'gpt-4o-mini', temperature: 0, messages: conversation });
    expect(reply.choices[0]!.message.content).toBe('In 1911.');

    const sent = upstream().received.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers['authorization']).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0 });
    const messages = sent.body['messages'] as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'user', 'assistant', 'user']);
    expect(messages[0]!.content).toBe('You are a travel guide.');
    const history = await crema().client.compress('history', { messages: OLDER_TURNS.slice(0, 5), keepRecent: 1, compressionModelName: 'hcc_latte_v1' });
    expect(messages[1]!.content).toBe(history.summary);
    expect(messages.slice(2, 4)).toEqual(OLDER_TURNS.slice(4));
    const doc = await crema().client.compress('question-specific', { context: DOCUMENT, query: QUESTION, compressionModelName: 'latte_v2', targetCompressionRatio: 0.5 });
    expect(messages[4]!.content).toBe(`${doc.compressed_context}\n\n${QUESTION}`);

    // the client passed in still sends what it is given
    await plain.chat.completions.create({ model: 'gpt-4o-mini', messages: conversation });
    expect(upstream().received.at(-1)!.body['messages']).toEqual(conversation);
  });

  it('streams, and keeps withResponse()', async () => {
    const client = withCrema(openai(), { client: crema().client });
    const stream = await client.chat.completions.create({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: LAST_TURN }] });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('In 1911.');
    const [sent] = upstream().received.at(-1)!.body['messages'] as { content: string }[];
    expect(sent!.content.endsWith(`\n\n${QUESTION}`)).toBe(true);
    expect(sent!.content.length).toBeLessThan(LAST_TURN.length);

    const { data, response } = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }).withResponse();
    expect(data.choices[0]!.message.content).toBe('In 1911.');
    expect(response.headers.get('x-request-id')).toBe('req_fake');
  });

  it('keeps a tool result with the assistant call that asked for it, and image parts as they are', async () => {
    const client = withCrema(openai(), { client: crema().client, history: { keepRecent: 1 } });
    const image = { type: 'image_url' as const, image_url: { url: 'data:image/png;base64,AAAA' } };
    const messages: ChatCompletionMessageParam[] = [
      ...OLDER_TURNS,
      { role: 'user', content: [{ type: 'text', text: DOCUMENT }, image, { type: 'text', text: 'What is the weather at the volcano now?' }] },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"place":"Vell"}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: 'Sunny, 21 C, light wind from the sea.' },
    ];
    await client.chat.completions.create({ model: 'gpt-4o-mini', messages });
    const sent = upstream().received.at(-1)!.body['messages'] as ChatCompletionMessageParam[];
    // keep_recent 1 widens back to the user turn that started the tool call
    expect(sent.map((m) => m.role)).toEqual(['user', 'user', 'assistant', 'tool']);
    expect(sent.slice(2)).toEqual(messages.slice(-2));
    const parts = sent[1]!.content as { type: string; text?: string }[];
    expect(parts.map((p) => p.type)).toEqual(['text', 'image_url', 'text']);
    expect(parts[1]).toEqual(image);
    expect(parts[0]!.text!.length).toBeLessThan(DOCUMENT.length);
    expect(parts[2]!.text).toBe('What is the weather at the volcano now?');
  });

  it('a turn already sent compresses to the same bytes on the next call (provider prompt caches keep hitting)', async () => {
    const client = withCrema(openai(), { client: crema().client });
    const first: ChatCompletionMessageParam[] = [{ role: 'system', content: 'You are a travel guide.' }, { role: 'user', content: LAST_TURN }];
    await client.chat.completions.create({ model: 'gpt-4o-mini', messages: first });
    const sentFirst = upstream().received.at(-1)!.body['messages'] as unknown[];
    const second: ChatCompletionMessageParam[] = [...first, { role: 'assistant', content: 'In 1911.' }, { role: 'user', content: `${DOCUMENT}\n\nHow long is the Grey Ridge tunnel?` }];
    await client.chat.completions.create({ model: 'gpt-4o-mini', messages: second });
    const sentSecond = upstream().received.at(-1)!.body['messages'] as { content: string }[];
    expect(JSON.stringify(sentSecond.slice(0, 2))).toBe(JSON.stringify(sentFirst));
    expect(sentSecond[3]!.content).toContain('3.2 kilometres');
    expect(sentSecond[3]!.content).not.toBe(sentSecond[1]!.content);
  });
});

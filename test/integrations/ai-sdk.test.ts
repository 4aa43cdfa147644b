import { generateText, streamText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3, simulateReadableStream } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { cremaMiddleware } from '../../packages/client/src/integrations/ai-sdk/index.js';
import type { CompressionReport } from '../../packages/client/src/integrations/ai-sdk/index.js';
import { DOCUMENT, LAST_TURN, OLDER_TURNS, QUESTION, STATIONS } from './conversation.js';
import { useCremaServer } from './use-crema-server.js';

const crema = useCremaServer();

function mockModel() {
  return new MockLanguageModelV3({
    doGenerate: {
      content: [{ type: 'text', text: 'In 1911.' }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 3, text: 3, reasoning: 0 } },
      warnings: [],
    },
    doStream: {
      stream: simulateReadableStream({
        chunks: [
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: 'In 1911.' },
          { type: 'text-end', id: 't' },
          { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 3, text: 3, reasoning: 0 } } },
        ],
      }),
    },
  });
}

const textOf = (content: unknown) => (content as { type: string; text: string }[]).map((p) => p.text).join('');

describe('cremaMiddleware (Vercel AI SDK)', { timeout: 120_000 }, () => {
  it('generateText: older turns become one summary message, the pasted document is compressed towards the question', async () => {
    const model = mockModel();
    const reports: CompressionReport[] = [];
    const wrapped = wrapLanguageModel({
      model,
      middleware: cremaMiddleware({ baseUrl: crema().baseUrl, apiKey: crema().apiKey, history: { keepRecent: 2 }, documents: { targetCompressionRatio: 0.5 }, onCompressed: (r) => reports.push(r) }),
    });
    const { text } = await generateText({ model: wrapped, system: 'You are a travel guide.', messages: [...OLDER_TURNS, { role: 'user', content: LAST_TURN }] });
    expect(text).toBe('In 1911.');

    const prompt = model.doGenerateCalls[0]!.prompt;
    // system, the summary of the first four turns, then the last user/assistant pair and the new turn
    expect(prompt.map((m) => m.role)).toEqual(['system', 'user', 'user', 'assistant', 'user']);
    expect(prompt[0]).toEqual({ role: 'system', content: 'You are a travel guide.' });
    const history = await crema().client.compress('history', {
      messages: [...OLDER_TURNS.slice(0, 5)],
      keepRecent: 1,
      compressionModelName: 'hcc_latte_v1',
    });
    expect(textOf(prompt[1]!.content)).toBe(history.summary);
    expect(textOf(prompt[2]!.content)).toBe(OLDER_TURNS[4]!.content);
    expect(textOf(prompt[3]!.content)).toBe(OLDER_TURNS[5]!.content);

    const doc = await crema().client.compressBatch('question-specific', { inputs: [{ context: DOCUMENT, query: QUESTION }], compressionModelName: 'latte_v2', targetCompressionRatio: 0.5 });
    const last = textOf(prompt[4]!.content);
    expect(last).toBe(`${doc.results[0]!.compressed_context}\n\n${QUESTION}`);
    expect(last).toContain('1911');
    expect(last.length).toBeLessThan(LAST_TURN.length * 0.8);
    expect(reports).toEqual([{ tokensSaved: history.tokens_saved + doc.total_tokens_saved, messagesSummarized: 4, documentsCompressed: 1, toolOutputsCompressed: 0 }]);
  });

  it('streamText goes through the same transform; short prompts reach the model unchanged', async () => {
    const model = mockModel();
    const wrapped = wrapLanguageModel({ model, middleware: cremaMiddleware({ client: crema().client }) });
    const result = streamText({ model: wrapped, messages: [{ role: 'user', content: [{ type: 'text', text: DOCUMENT }, { type: 'text', text: QUESTION }] }] });
    expect(await result.text).toBe('In 1911.');
    const [user] = model.doStreamCalls[0]!.prompt;
    const parts = user!.content as { text: string }[];
    expect(parts[1]!.text).toBe(QUESTION);
    expect(parts[0]!.text.length).toBeLessThan(DOCUMENT.length);

    const plain = mockModel();
    await generateText({ model: wrapLanguageModel({ model: plain, middleware: cremaMiddleware({ client: crema().client, history: true }) }), prompt: 'Hello there' });
    expect(plain.doGenerateCalls[0]!.prompt).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hello there' }] }]);
  });

  it('when crema cannot be reached the prompt goes out uncompressed and onError is told; onError "throw" fails the call', async () => {
    const model = mockModel();
    const errors: unknown[] = [];
    const down = { baseUrl: 'http://127.0.0.1:9', apiKey: crema().apiKey };
    const wrapped = wrapLanguageModel({ model, middleware: cremaMiddleware({ ...down, onError: (e) => errors.push(e) }) });
    await generateText({ model: wrapped, messages: [{ role: 'user', content: LAST_TURN }] });
    expect(textOf(model.doGenerateCalls[0]!.prompt[0]!.content)).toBe(LAST_TURN);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ code: 'network_error' });

    const strict = wrapLanguageModel({ model: mockModel(), middleware: cremaMiddleware({ ...down, onError: 'throw' }) });
    await expect(generateText({ model: strict, messages: [{ role: 'user', content: LAST_TURN }], maxRetries: 0 })).rejects.toThrow(/could not reach/);
  });

  it('a large JSON tool result goes out as the compressed text; a small one keeps its JSON type', async () => {
    const model = mockModel();
    const wrapped = wrapLanguageModel({ model, middleware: cremaMiddleware({ client: crema().client }) });
    await generateText({
      model: wrapped,
      messages: [
        { role: 'user', content: 'How many people live in Alvik?' },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'list_stations', input: {} }, { type: 'tool-call', toolCallId: 'c2', toolName: 'line_status', input: {} }] },
        {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId: 'c1', toolName: 'list_stations', output: { type: 'json', value: STATIONS } },
            { type: 'tool-result', toolCallId: 'c2', toolName: 'line_status', output: { type: 'json', value: { ok: true } } },
          ],
        },
      ],
    });
    const tool = model.doGenerateCalls[0]!.prompt.find((m) => m.role === 'tool')!;
    const [big, small] = tool.content as { output: { type: string; value: unknown } }[];
    const direct = await crema().client.compress('tool-output', { toolOutput: JSON.stringify(STATIONS), toolName: 'list_stations', compressionModelName: 'toc_americano_v1' });
    expect(big!.output).toEqual({ type: 'text', value: direct.compressed_output });
    expect(String(big!.output.value).length).toBeLessThan(JSON.stringify(STATIONS).length);
    expect(small!.output).toEqual({ type: 'json', value: { ok: true } });
  });
});

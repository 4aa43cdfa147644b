import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useApiKey } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';
import { TOPICS } from '../helpers/texts.js';

const t = useTestApp();
const key = useApiKey(() => t().app);

const compress = (body: Record<string, unknown>) =>
  request(t().app).post('/api/compress/history').set('X-API-Key', key()).send({ compression_model_name: 'hcc_latte_v1', ...body });

const weather = JSON.stringify({
  location: 'Alvik',
  forecast: Array.from({ length: 14 }, (_, d) => ({ day: d + 1, summary: d % 3 ? 'light rain showers in the afternoon' : 'sunny and calm', high_c: 9 + (d % 5), low_c: 2 + (d % 3) })),
  source: 'coastal weather service',
});

const TRANSCRIPT = [
  { role: 'system', content: 'You are a travel assistant. Answer briefly.' },
  { role: 'user', content: TOPICS['railway']!.join(' ') },
  { role: 'assistant', content: `${TOPICS['bakery']!.join(' ')} ${TOPICS['garden']!.join(' ')}` },
  { role: 'assistant', content: null, name: 'planner', tool_call_id: undefined },
  { role: 'tool', content: weather, name: 'get_weather', tool_call_id: 'call_42' },
  { role: 'user', content: TOPICS['chess']!.join(' ') },
  { role: 'assistant', content: TOPICS['volcano']!.join(' ') },
  { role: 'user', content: 'Thanks. Now, how long is the Grey Ridge tunnel?' },
].map((m) => Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined)));

describe('history compression', () => {
  it('keeps length, order, roles, names and tool call ids; the system message and the recent turns stay verbatim', async () => {
    const res = await compress({ messages: TRANSCRIPT, keep_recent: 2, target_compression_ratio: 0.6 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const out = res.body.data.messages as Array<Record<string, unknown>>;
    expect(out).toHaveLength(TRANSCRIPT.length);
    out.forEach((m, i) => {
      expect(m['role']).toBe(TRANSCRIPT[i]!['role']);
      expect(m['name']).toBe(TRANSCRIPT[i]!['name']);
      expect(m['tool_call_id']).toBe(TRANSCRIPT[i]!['tool_call_id']);
    });
    expect(out[0]!['content']).toBe(TRANSCRIPT[0]!['content']);
    expect(out.slice(-2)).toEqual(TRANSCRIPT.slice(-2));
    expect(out[3]!['content']).toBeNull();
    // three older prose turns and the tool result are compressed; the system message, the
    // tool-call turn without content and the two recent turns are returned as they were
    expect(res.body.data.messages_compressed).toBe(4);
    expect(res.body.data.messages_kept).toBe(4);
    expect(res.body.data.compressed_tokens).toBeLessThan(res.body.data.original_tokens);
  });

  it.each([0.1, 0.5, 0.9, 2, 10, 200])('JSON in a tool message stays valid JSON at ratio %d', async (ratio) => {
    const res = await compress({ messages: TRANSCRIPT, keep_recent: 1, target_compression_ratio: ratio });
    expect(res.status).toBe(200);
    const tool = res.body.data.messages[4];
    expect(tool.tool_call_id).toBe('call_42');
    expect(() => JSON.parse(tool.content)).not.toThrow();
  });

  it('with a query, the old turn that answers it survives while unrelated turns shrink', async () => {
    const res = await compress({ messages: TRANSCRIPT, keep_recent: 1, query: 'How long is the Grey Ridge tunnel?', target_compression_ratio: 4 });
    expect(res.status).toBe(200);
    const all = (res.body.data.messages as Array<{ content: string | null }>).map((m) => m.content ?? '').join('\n');
    expect(all).toContain('3.2 kilometres');
  });

  it('without a query, numbers and names of old turns are preferred over filler', async () => {
    const res = await compress({ messages: TRANSCRIPT, keep_recent: 1, target_compression_ratio: 2 });
    const old = (res.body.data.messages as Array<{ content: string | null }>).slice(1, 3).map((m) => m.content).join(' ');
    const numbers = ['214', '1974', '3.2', '1987'].filter((n) => old.includes(n));
    expect(numbers.length).toBeGreaterThanOrEqual(2);
  });

  it('a transcript of only recent turns is returned unchanged and billed for its tokens', async () => {
    const messages = TRANSCRIPT.slice(-3);
    const res = await compress({ messages, keep_recent: 3 });
    expect(res.body.data.messages).toEqual(messages);
    expect(res.body.data.compressed_tokens).toBe(res.body.data.original_tokens);
    expect(res.body.data.messages_compressed).toBe(0);
  });

  it('rejects an unknown role and keep_recent outside 1..50 with 422 {detail}', async () => {
    expect((await compress({ messages: [{ role: 'robot', content: 'x' }] })).status).toBe(422);
    expect((await compress({ messages: TRANSCRIPT, keep_recent: 0 })).status).toBe(422);
    expect((await compress({ messages: TRANSCRIPT, keep_recent: 51 })).status).toBe(422);
  });
});

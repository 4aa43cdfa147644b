import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useApiKey } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';
import { TOPICS } from '../helpers/texts.js';
import { countTokens } from '../../server/compression/engine/text/tokens.js';
import { CHATS } from '../fixtures/prose-chats.js';
import { CHATS_DEV2 } from '../fixtures/prose-chats-dev2.js';

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

type Msg = { role: string; content: string | null; name?: string | null; tool_call_id?: string | null };

/** The JSON after `tool: ` on the summary's tool line. */
// A line may open with `[...] ` for the turns dropped before it.
const unmarked = (line: string) => line.replace(/^\[\.\.\.\] /u, '');
const toolLine = (summary: string) => unmarked(summary.split('\n').find((l) => unmarked(l).startsWith('tool: '))!).slice('tool: '.length);

describe('history compression', () => {
  it('folds the older turns into a role-labelled summary; messages is system + summary + the recent turns verbatim', async () => {
    const res = await compress({ messages: TRANSCRIPT, keep_recent: 2, target_compression_ratio: 0.6 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    const out = data.messages as Msg[];
    // the system message, one user message carrying the summary, the two recent turns
    expect(out).toHaveLength(4);
    expect(out[0]).toEqual(TRANSCRIPT[0]);
    expect(out[1]).toEqual({ role: 'user', content: data.summary });
    expect(out.slice(-2)).toEqual(TRANSCRIPT.slice(-2));
    // one line per older turn that kept some content, in order (the empty tool-call turn says
    // nothing); the tool's line is labelled, a speaker's where it says I / we / you; a run of turns
    // that kept nothing is one `[...]` opening the next kept line, none after the last
    const lines = (data.summary as string).split('\n');
    const labels = lines.map((l) => /^(user|assistant|tool): /u.exec(unmarked(l))?.[1]).filter((l) => l !== undefined);
    const roles = ['user', 'assistant', 'tool', 'user'];
    let at = 0;
    for (const label of labels) at = roles.indexOf(label, at) + 1;
    expect(at, labels.join(',')).toBeGreaterThan(0);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.some((l) => l === '[...]')).toBe(false);
    // the five older turns (the empty one too) are replaced by the summary; the two recent ones kept
    expect(data.messages_compressed).toBe(5);
    expect(data.messages_kept).toBe(2);
    expect(data.compressed_tokens).toBeLessThan(data.original_tokens);
    expect(data.compression_ratio).toBeCloseTo(data.original_tokens / data.compressed_tokens, 1);
    expect(data.compression_ratio).toBeGreaterThan(1);
    expect(data.actual_compression_ratio).toBeCloseTo(1 - data.compressed_tokens / data.original_tokens, 3);
  });

  it('compressed_tokens counts what messages[] holds, exactly (o200k)', async () => {
    const res = await compress({ messages: TRANSCRIPT, keep_recent: 2 });
    const held = (res.body.data.messages as Msg[]).reduce((s, m) => s + (m.content ? countTokens(m.content) : 0), 0);
    expect(res.body.data.compressed_tokens).toBe(held);
  });

  it.each([0.1, 0.5, 0.9, 2, 10, 200])('JSON in a tool message stays valid JSON in the summary at ratio %d', async (ratio) => {
    const res = await compress({ messages: TRANSCRIPT, keep_recent: 1, target_compression_ratio: ratio });
    expect(res.status).toBe(200);
    expect(() => JSON.parse(toolLine(res.body.data.summary))).not.toThrow();
  });

  it('with a query, the old turn that answers it survives while unrelated turns shrink', async () => {
    const res = await compress({ messages: TRANSCRIPT, keep_recent: 1, query: 'How long is the Grey Ridge tunnel?', target_compression_ratio: 4 });
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toContain('3.2 kilometres');
  });

  it('a query never costs the turn that states the facts it asks about (a written support chat, 4x)', async () => {
    const clinic = CHATS.find((c) => c.id === 'clinic-appointment')!;
    const chat = clinic.turns.map((content, i) => ({ role: i % 2 ? 'assistant' : 'user', content }));
    const messages = [...chat, { role: 'user', content: clinic.question }];
    const kept = async (query?: string) => {
      const res = await compress({ messages, keep_recent: 2, target_compression_ratio: 4, ...(query ? { query } : {}) });
      expect(res.status).toBe(200);
      return ['Amara Osei', '14 March', '09:40', 'B12'].filter((f) => (res.body.data.summary as string).includes(f)).length;
    };
    const withQuery = await kept(messages.at(-1)!.content);
    expect(withQuery).toBeGreaterThanOrEqual(await kept());
    expect(withQuery).toBeGreaterThanOrEqual(3);
  });

  it('among turns dense with facts, a query keeps the plain sentence it asks about (the fact bonus does not outrank it, 4x)', async () => {
    // Four written support chats in a row: most turns state names, numbers or dates; the one asked about states none.
    const chats = ['clinic-appointment', 'memory-leak', 'refund-order', 'db-migration'].map((id) => CHATS.find((c) => c.id === id)!);
    const turns = chats.flatMap((c) => c.turns.slice(0, 6));
    const question = 'What broke in the office again?';
    const messages = [...turns.map((content, i) => ({ role: i % 2 ? 'assistant' : 'user', content })), { role: 'assistant', content: 'Anything else?' }, { role: 'user', content: question }];
    const res = await compress({ messages, keep_recent: 2, target_compression_ratio: 4, query: question });
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toContain('coffee machine broke');
  });

  /** Facts of a written support chat kept in the summary at `ratio`, with its question as the query or without one. */
  const factsKept = async (id: string, ratio: number, withQuery: boolean) => {
    const chat = [...CHATS, ...CHATS_DEV2].find((c) => c.id === id)!;
    const messages = [...chat.turns.map((content, i) => ({ role: i % 2 ? 'assistant' : 'user', content })), { role: 'user', content: chat.question }];
    const res = await compress({ messages, keep_recent: 2, target_compression_ratio: ratio, ...(withQuery ? { query: chat.question } : {}) });
    expect(res.status).toBe(200);
    return chat.facts.filter((f) => (res.body.data.summary as string).includes(f));
  };

  it('an earlier question that echoes the query ("What should I prepare?") does not displace the answer stating the facts (2x)', async () => {
    const withQuery = await factsKept('job-interview', 2, true);
    expect(withQuery).toEqual(['Priya Raman', '9 February', '14:30', '10-minute']);
    expect(withQuery.length).toBeGreaterThanOrEqual((await factsKept('job-interview', 2, false)).length);
  });

  it('with a query, sentences compete one by one: a turn is not kept for its best sentence with the rest riding along (4x)', async () => {
    // The assistant's turn holds the filing date and the deadline: kept as a turn, its deadline sentence took the one cut and the revenue was lost.
    const withQuery = await factsKept('tax-return', 4, true);
    expect(withQuery).toEqual(['54,300 EUR', '15 July']);
    expect(withQuery.length).toBeGreaterThanOrEqual((await factsKept('tax-return', 4, false)).length);
  });

  it('a sentence restating what the recent turns say does not take the fix\'s place (broken-build, 2x)', async () => {
    // before: `[...] build agent runs Node 16.20 by [...]` (Node 16.20 is in the kept last turn) took the one cut, es2022 lost
    const withQuery = await factsKept('broken-build', 2, true);
    expect(withQuery).toEqual(['TS2339', 'src/report.ts', 'es2022']);
    expect(withQuery.length).toBeGreaterThanOrEqual((await factsKept('broken-build', 2, false)).length);
  });

  it('with a query, only a sentence stating facts is cut to a run: no fragment of small talk fills the budget (2x)', async () => {
    const chat = CHATS.find((c) => c.id === 'refund-order')!;
    const messages = [...chat.turns.map((content, i) => ({ role: i % 2 ? 'assistant' : 'user', content })), { role: 'user', content: chat.question }];
    const res = await compress({ messages, keep_recent: 2, target_compression_ratio: 2, query: chat.question });
    expect(res.status).toBe(200);
    const summary = res.body.data.summary as string;
    // before: a last line `[...] user: Do you sell gaiters [...]`
    expect(summary).not.toContain('gaiters');
    for (const f of chat.facts) expect(summary).toContain(f);
  });

  it('without a query, numbers and names of old turns are preferred over filler', async () => {
    const res = await compress({ messages: TRANSCRIPT, keep_recent: 1, target_compression_ratio: 2 });
    const old = (res.body.data.summary as string).split('\n').slice(0, 2).join(' ');
    const numbers = ['214', '1974', '3.2', '1987'].filter((n) => old.includes(n));
    expect(numbers.length).toBeGreaterThanOrEqual(2);
  });

  it('a transcript of only recent turns is returned unchanged, with an empty summary, and billed for its tokens', async () => {
    const messages = TRANSCRIPT.slice(-3);
    const res = await compress({ messages, keep_recent: 3 });
    expect(res.body.data.messages).toEqual(messages);
    expect(res.body.data.summary).toBe('');
    expect(res.body.data.compressed_tokens).toBe(res.body.data.original_tokens);
    expect(res.body.data.compression_ratio).toBe(1);
    expect(res.body.data.messages_compressed).toBe(0);
    expect(res.body.data.messages_kept).toBe(3);
  });

  it('the model is optional (hcc_latte_v1) and null means the default; keep_recent defaults to 3', async () => {
    const send = (body: Record<string, unknown>) => request(t().app).post('/api/compress/history/').set('X-API-Key', key()).send(body);
    for (const body of [{ messages: TRANSCRIPT }, { messages: TRANSCRIPT, compression_model_name: null }]) {
      const res = await send(body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.messages_kept).toBe(3);
      expect(res.body.data.messages.slice(-3)).toEqual(TRANSCRIPT.slice(-3));
    }
  });

  it('hcc_espresso_v1 and its legacy alias agentic_history_lingua compress without a query and refuse one', async () => {
    for (const model of ['hcc_espresso_v1', 'agentic_history_lingua']) {
      const ok = await compress({ messages: TRANSCRIPT, compression_model_name: model });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.data.summary.length).toBeGreaterThan(0);
      const withQuery = await compress({ messages: TRANSCRIPT, compression_model_name: model, query: 'tunnel length?' });
      expect(withQuery.status).toBe(422);
      expect(withQuery.body).toMatchObject({ code: 'validation_error', field: 'query' });
    }
  });

  it('takes any role string and nullable name / tool_call_id; keep_recent outside 1..50 is 422 {detail}', async () => {
    const messages = [
      { role: 'developer', content: TOPICS['railway']!.join(' '), name: null, tool_call_id: null },
      { role: 'user', content: 'Prefer metric units.', name: 'ana' },
      { role: 'assistant', content: 'Noted.' },
      { role: 'user', content: 'How long is the tunnel?' },
    ];
    // A role other than user or assistant keeps its label, with no "I" or "you" in the line too.
    const res = await compress({ messages, keep_recent: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.summary.split('\n')[0]).toMatch(/^developer: /);
    expect(res.body.data.messages.slice(-2)).toEqual(messages.slice(-2));
    expect((await compress({ messages: TRANSCRIPT, keep_recent: 0 })).status).toBe(422);
    expect((await compress({ messages: TRANSCRIPT, keep_recent: 51 })).status).toBe(422);
    expect((await compress({ messages: [{ role: '', content: 'x' }] })).status).toBe(422);
  });
});

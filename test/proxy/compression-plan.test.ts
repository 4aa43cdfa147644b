import { describe, expect, it } from 'vitest';
import { anthropicReplay, incidentConversation, openAiReplay, SYSTEM_PROMPT } from '../fixtures/proxy-conversation.js';
import { countTokens } from '../../server/compression/engine/text/tokens.js';
import { anthropicSlots } from '../../server/proxy/anthropic-dialect.js';
import { compactedTurns, planCompression, splitQuestion, type SlotJob } from '../../server/proxy/compression-plan.js';
import { openAiSlots } from '../../server/proxy/openai-dialect.js';
import { DEFAULT_PROXY_SETTINGS } from '../../server/proxy/proxy-settings.js';
import type { SlottedBody } from '../../server/proxy/text-slot.js';

const turns = incidentConversation();
// Prose compaction is off by default; these tests turn it on to check its steps.
const COMPACTING = { ...DEFAULT_PROXY_SETTINGS, compactEvery: 8 };
const plan = (slotted: SlottedBody, settings = DEFAULT_PROXY_SETTINGS) =>
  planCompression(slotted.slots, slotted.slots.map((s) => countTokens(s.text)), countTokens, settings);
const jobKey = (slotted: SlottedBody, j: SlotJob) => JSON.stringify([slotted.slots[j.slot]!.message, j.model, j.query, j.text, j.suffix]);

describe('dialects', () => {
  it('OpenAI: system, tool calls and non-text parts are not slots; every user message starts a turn', () => {
    const body = {
      model: 'gpt-4.1',
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: [{ type: 'text', text: 'look' }, { type: 'image_url', image_url: { url: 'data:x' } }] },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: 'result' },
        { role: 'user', content: 'next' },
      ],
    };
    const slotted = openAiSlots(body);
    expect(slotted.slots.map((s) => [s.message, s.kind, s.text, s.userTurn])).toEqual([
      [1, 'user', 'look', 1],
      [3, 'tool', 'result', 1],
      [4, 'user', 'next', 2],
    ]);
    slotted.slots[1]!.set('short');
    expect((slotted.body['messages'] as Array<{ content: unknown }>)[3]!.content).toBe('short');
    // The caller's body is cloned, never written.
    expect(body.messages[3]!.content).toBe('result');
  });

  it('Anthropic: a user message of tool results continues the turn; cache_control and tool_use stay', () => {
    const body = {
      system: [{ type: 'text', text: 'sys', cache_control: { type: 'ephemeral' } }],
      messages: [
        { role: 'user', content: 'question' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'f', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'out' }] }] },
        { role: 'assistant', content: [{ type: 'text', text: 'answer', cache_control: { type: 'ephemeral' } }] },
        { role: 'user', content: [{ type: 'text', text: 'again' }] },
      ],
    };
    const slotted = anthropicSlots(body);
    expect(slotted.slots.map((s) => [s.message, s.kind, s.text, s.userTurn])).toEqual([
      [0, 'user', 'question', 1],
      [2, 'tool', 'out', 1],
      [3, 'prose', 'answer', 1],
      [4, 'user', 'again', 2],
    ]);
    slotted.slots[2]!.set('ans');
    expect((slotted.body['messages'] as Array<{ content: Array<Record<string, unknown>> }>)[3]!.content[0]).toEqual({ type: 'text', text: 'ans', cache_control: { type: 'ephemeral' } });
  });
});

describe('planCompression', () => {
  it('compresses tool results the first time they are seen, with the question of their turn', () => {
    const bodies = openAiReplay(turns);
    const slotted = openAiSlots(bodies[1]!); // turn 1's user message and its log search
    const jobs = plan(slotted);
    expect(jobs).toHaveLength(1);
    expect(slotted.slots[jobs[0]!.slot]!.kind).toBe('tool');
    expect(jobs[0]!).toMatchObject({ model: 'toc_latte_v2', format: 'tool', query: turns[0]!.user.trim() });
  });

  it('splits a pasted document from its trailing question and uses it as the query', () => {
    const doc = turns[5]!.user;
    const split = splitQuestion(doc, countTokens, 300);
    expect(split.question).toMatch(/^Here is our runbook/);
    expect(split.document + split.suffix).toBe(doc);
    const slotted = openAiSlots({ messages: [{ role: 'user', content: doc }] });
    expect(plan(slotted)).toEqual([{ slot: 0, model: 'latte_v2', format: 'text', text: split.document, query: split.question, suffix: split.suffix }]);
  });

  it('a long text without a short last paragraph is compressed without a query', () => {
    const text = Array.from({ length: 120 }, (_, i) => `Sentence ${i} about the checkout service and its pools.`).join(' ');
    const slotted = openAiSlots({ messages: [{ role: 'user', content: text }] });
    expect(plan(slotted)).toMatchObject([{ model: 'espresso_v1', query: undefined, suffix: '' }]);
  });

  it('leaves recent prose and short texts verbatim; older prose is compacted in whole steps', () => {
    expect([1, 2, 3, 9, 10, 17, 18].map((t) => compactedTurns(t, COMPACTING))).toEqual([0, 0, 0, 0, 8, 8, 16]);
    expect(compactedTurns(30, DEFAULT_PROXY_SETTINGS)).toBe(0);
    const bodies = openAiReplay(turns);
    const last = openAiSlots(bodies.at(-1)!);
    expect(plan(last).every((j) => last.slots[j.slot]!.kind !== 'prose')).toBe(true);
    const jobs = plan(last, COMPACTING);
    const lastTurn = Math.max(...last.slots.map((s) => s.userTurn));
    for (const j of jobs) {
      const slot = last.slots[j.slot]!;
      if (slot.kind === 'prose') expect(slot.userTurn).toBeLessThanOrEqual(compactedTurns(lastTurn, COMPACTING));
      expect(countTokens(slot.text)).toBeGreaterThanOrEqual(DEFAULT_PROXY_SETTINGS.minProseTokens);
    }
    expect(jobs.some((j) => last.slots[j.slot]!.kind === 'prose' && j.model === 'hcc_latte_v1' && j.query === undefined)).toBe(true);
    expect(last.slots.some((s) => s.kind === 'prose' && s.userTurn > 28 && countTokens(s.text) >= 200 && jobs.some((j) => j.slot === last.slots.indexOf(s)))).toBe(false);
  });

  it.each([
    ['openai', openAiReplay(turns), openAiSlots],
    ['anthropic', anthropicReplay(turns), anthropicSlots],
  ] as const)('%s: what an earlier request compressed is planned the same way in every later one', (_name, bodies, slotsOf) => {
    const plans = bodies.map((b) => {
      const slotted = slotsOf(b);
      return new Set(plan(slotted, COMPACTING).map((j) => jobKey(slotted, j)));
    });
    let steps = 0;
    plans.forEach((p, i) => {
      if (i === 0) return;
      // Nothing planned before is dropped or changed; new jobs are new slots or a compaction step.
      for (const key of plans[i - 1]!) expect(p.has(key)).toBe(true);
      const lastTurn = (b: Record<string, unknown>) => Math.max(...slotsOf(b).slots.map((s) => s.userTurn));
      if (compactedTurns(lastTurn(bodies[i]!), COMPACTING) !== compactedTurns(lastTurn(bodies[i - 1]!), COMPACTING)) steps++;
    });
    expect(steps).toBe(3); // turns 10, 18 and 26 of 30
    expect(SYSTEM_PROMPT.length).toBeGreaterThan(0);
  });
});

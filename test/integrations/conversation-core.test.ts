import { describe, expect, it } from 'vitest';
import { questionOf, recentStart } from '../../packages/client/src/integrations/core/compress-conversation.js';
import type { MessageCodec } from '../../packages/client/src/integrations/core/message-codec.js';
import { replaceTexts, textsOf } from '../../packages/client/src/integrations/core/text-content.js';

type Msg = { role: 'system' | 'user' | 'assistant' | 'tool'; content: string };
const codec: MessageCodec<Msg> = {
  kind: (m) => m.role,
  texts: (m) => [m.content],
  withTexts: (m, [text]) => ({ ...m, content: text ?? m.content }),
  flatten: (m) => m.content,
  toolOutputs: () => [],
  withToolOutputs: (m) => m,
  userMessage: (content) => ({ role: 'user', content }),
};
const chat = (roles: Msg['role'][]): Msg[] => roles.map((role, i) => ({ role, content: `m${i}` }));

describe('the recent window', () => {
  it.each([
    { roles: ['system', 'user', 'assistant', 'user', 'assistant', 'user'], keep: 2, start: 3, why: 'two back lands on an assistant: widened to its user turn' },
    { roles: ['system', 'user', 'assistant', 'user', 'assistant', 'user'], keep: 1, start: 5, why: 'the last user turn alone' },
    { roles: ['user', 'assistant', 'user', 'assistant', 'tool', 'assistant'], keep: 2, start: 2, why: 'a tool result never opens the window' },
    { roles: ['system', 'user', 'assistant'], keep: 6, start: 0, why: 'nothing older than the window' },
    { roles: ['user', 'assistant', 'system', 'user'], keep: 1, start: 3, why: 'system messages are not counted' },
  ] as const)('$why', ({ roles, keep, start }) => {
    expect(recentStart(chat([...roles]), codec, keep)).toBe(start);
  });
});

describe("a turn's question", () => {
  const doc = 'x'.repeat(3000);
  it('is the short parts, the last paragraph after a pasted document, or nothing', () => {
    expect(questionOf([doc, 'What is x?'], 2000)).toEqual({ question: 'What is x?' });
    expect(questionOf([`${doc}\n\nWhat is x?\n`], 2000)).toEqual({ question: 'What is x?', split: { part: 0, at: 3000 } });
    expect(questionOf([doc], 2000)).toEqual({ question: '' });
    expect(questionOf([`${doc}\n\n${doc}`], 2000)).toEqual({ question: '' });
    expect(questionOf([], 2000)).toEqual({ question: '' });
  });
});

describe('text parts', () => {
  it('reads and replaces text parts in order, other parts and fields kept', () => {
    const image = { type: 'image_url', image_url: { url: 'u' } };
    const content = [{ type: 'text', text: 'a', cache_control: { type: 'ephemeral' } }, image, { type: 'text', text: 'b' }];
    expect(textsOf(content)).toEqual(['a', 'b']);
    expect(replaceTexts(content, ['A', 'B'])).toEqual([{ type: 'text', text: 'A', cache_control: { type: 'ephemeral' } }, image, { type: 'text', text: 'B' }]);
    expect(textsOf('plain')).toEqual(['plain']);
    expect(replaceTexts('plain', ['short'])).toBe('short');
    expect(textsOf(null)).toEqual([]);
  });
});

import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { MessageCodec } from '../core/message-codec.js';
import { replaceTexts, textsOf } from '../core/text-content.js';

/** OpenAI chat messages for the conversation compressor: `system` and `developer` are never touched. */
export const openAiMessageCodec: MessageCodec<ChatCompletionMessageParam> = {
  kind(m) {
    if (m.role === 'system' || m.role === 'developer') return 'system';
    if (m.role === 'tool' || m.role === 'function') return 'tool';
    return m.role;
  },
  texts: (m) => textsOf(m.content),
  withTexts: (m, texts) => ({ ...m, content: replaceTexts(m.content, texts) }) as ChatCompletionMessageParam,
  flatten(m) {
    const text = textsOf(m.content).join('\n');
    if (m.role !== 'assistant' || !m.tool_calls?.length) return text;
    const calls = m.tool_calls.map((c) => (c.type === 'function' ? `[called ${c.function.name}(${c.function.arguments})]` : `[called ${c.custom.name}(${c.custom.input})]`));
    return [text, ...calls].filter(Boolean).join('\n');
  },
  toolOutputs(m) {
    if (m.role !== 'tool' && m.role !== 'function') return [];
    const toolName = m.role === 'function' ? m.name : 'tool';
    return textsOf(m.content).map((text) => ({ toolName, text }));
  },
  withToolOutputs: (m, outputs) => ({ ...m, content: replaceTexts(m.content, outputs) }) as ChatCompletionMessageParam,
  userMessage: (text) => ({ role: 'user', content: text }),
};

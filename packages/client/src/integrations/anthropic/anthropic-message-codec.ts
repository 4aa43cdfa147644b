import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { MessageCodec } from '../core/message-codec.js';
import { replaceTexts, textsOf, type TextContent } from '../core/text-content.js';

type Block = { type: string; text?: string; name?: string; input?: unknown; content?: unknown };

function blocks(m: MessageParam): Block[] {
  return Array.isArray(m.content) ? (m.content as Block[]) : [];
}

/** Anthropic messages for the conversation compressor; a user turn carrying a `tool_result` counts as a tool message. */
export const anthropicMessageCodec: MessageCodec<MessageParam> = {
  kind(m) {
    if (m.role === 'system') return 'system';
    if (m.role === 'user' && blocks(m).some((b) => b.type === 'tool_result')) return 'tool';
    return m.role;
  },
  texts: (m) => textsOf(m.content),
  withTexts: (m, texts) => ({ ...m, content: replaceTexts(m.content, texts) }) as MessageParam,
  flatten(m) {
    if (typeof m.content === 'string') return m.content;
    return blocks(m)
      .map((b) => {
        if (b.type === 'text') return b.text ?? '';
        if (b.type === 'tool_use') return `[called ${b.name}(${JSON.stringify(b.input)})]`;
        if (b.type === 'tool_result') return typeof b.content === 'string' ? b.content : textsOf(b.content as unknown[]).join('\n');
        return '';
      })
      .filter(Boolean)
      .join('\n');
  },
  toolOutputs: (m) => blocks(m).flatMap((b) => (b.type === 'tool_result' ? textsOf(b.content as TextContent).map((text) => ({ toolName: 'tool', text })) : [])),
  withToolOutputs(m, outputs) {
    let k = 0;
    const content = blocks(m).map((b) => {
      if (b.type !== 'tool_result') return b;
      const own = textsOf(b.content as TextContent);
      const next = outputs.slice(k, k + own.length);
      k += own.length;
      return { ...b, content: replaceTexts(b.content as TextContent, next) };
    });
    return { ...m, content } as MessageParam;
  },
  userMessage: (text) => ({ role: 'user', content: text }),
};

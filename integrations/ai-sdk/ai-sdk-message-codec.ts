import type { LanguageModelMiddleware } from 'ai';
import type { MessageCodec } from '../core/message-codec.js';
import { replaceTexts, textsOf } from '../core/text-content.js';

/** The provider-level prompt a middleware sees (LanguageModelV3Prompt), read off the middleware type so only `ai` is imported. */
export type AiSdkPrompt = Parameters<NonNullable<LanguageModelMiddleware['transformParams']>>[0]['params']['prompt'];
export type AiSdkMessage = AiSdkPrompt[number];

function partText(part: { type: string; toolName?: string; input?: unknown; output?: { type: string; value?: unknown }; text?: string }): string {
  if (part.type === 'text' || part.type === 'reasoning') return part.text ?? '';
  if (part.type === 'tool-call') return `[called ${part.toolName}(${JSON.stringify(part.input)})]`;
  if (part.type === 'tool-result' && part.output) {
    const { value } = part.output;
    return typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  }
  return '';
}

/** AI SDK prompt messages for the conversation compressor (`system` content is a string there, never touched). */
export const aiSdkMessageCodec: MessageCodec<AiSdkMessage> = {
  kind: (m) => m.role,
  texts: (m) => (m.role === 'system' ? [m.content] : textsOf(m.content)),
  withTexts: (m, texts) => (m.role === 'system' ? m : ({ ...m, content: replaceTexts(m.content, texts) } as AiSdkMessage)),
  flatten: (m) => (m.role === 'system' ? m.content : m.content.map(partText).filter(Boolean).join('\n')),
  userMessage: (text) => ({ role: 'user', content: [{ type: 'text', text }] }),
};

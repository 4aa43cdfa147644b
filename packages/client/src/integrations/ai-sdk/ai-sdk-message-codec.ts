import type { LanguageModelMiddleware } from 'ai';
import type { MessageCodec } from '../core/message-codec.js';
import { replaceTexts, textsOf } from '../core/text-content.js';

/** The provider-level prompt a middleware sees (LanguageModelV3Prompt), read off the middleware type so only `ai` is imported. */
export type AiSdkPrompt = Parameters<NonNullable<LanguageModelMiddleware['transformParams']>>[0]['params']['prompt'];
export type AiSdkMessage = AiSdkPrompt[number];

type ToolResultPart = { type: 'tool-result'; toolName: string; output: { type: string; value?: unknown } };

const isToolResult = (part: { type: string }): part is ToolResultPart => part.type === 'tool-result';

/** A tool result's output as text: text outputs as they are, JSON ones serialized; others (denials, media) are not outputs to compress. */
function outputText(part: ToolResultPart): string | undefined {
  const { type, value } = part.output;
  if (type === 'text' || type === 'error-text') return typeof value === 'string' ? value : undefined;
  if (type === 'json' || type === 'error-json') return JSON.stringify(value);
  return undefined;
}

function toolParts(m: AiSdkMessage): ToolResultPart[] {
  if (m.role !== 'tool') return [];
  return (m.content as { type: string }[]).filter(isToolResult).filter((p) => outputText(p) !== undefined);
}

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
  toolOutputs: (m) => toolParts(m).map((p) => ({ toolName: p.toolName, text: outputText(p)! })),
  withToolOutputs(m, outputs) {
    if (m.role !== 'tool') return m;
    const parts = toolParts(m);
    const content = m.content.map((part) => {
      const k = parts.indexOf(part as ToolResultPart);
      const text = outputs[k];
      // an output left as it was keeps its type (a JSON value stays JSON)
      if (k < 0 || text === undefined || text === outputText(parts[k]!)) return part;
      return { ...part, output: { type: part.type === 'tool-result' && part.output.type.startsWith('error') ? 'error-text' : 'text', value: text } };
    });
    return { ...m, content } as AiSdkMessage;
  },
  userMessage: (text) => ({ role: 'user', content: [{ type: 'text', text }] }),
};

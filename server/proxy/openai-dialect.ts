import { isObject, type Json, type SlottedBody, type TextSlot } from './text-slot.js';

/**
 * Reads an OpenAI `POST /v1/chat/completions` body as text slots: user, assistant and tool
 * message contents (a string, or the `text` parts of an array). `system` and `developer`
 * messages, tool calls, images and audio are never slots.
 */
export function openAiSlots(original: Json): SlottedBody {
  const body = structuredClone(original);
  const slots: TextSlot[] = [];
  const messages = Array.isArray(body['messages']) ? (body['messages'] as unknown[]) : [];
  let userTurn = 0;
  messages.forEach((m, index) => {
    if (!isObject(m)) return;
    const role = m['role'];
    if (role === 'user') userTurn++;
    const kind = role === 'user' ? 'user' : role === 'assistant' ? 'prose' : role === 'tool' ? 'tool' : undefined;
    if (!kind) return;
    const content = m['content'];
    if (typeof content === 'string') {
      slots.push({ message: index, kind, text: content, userTurn, set: (t) => (m['content'] = t) });
    } else if (Array.isArray(content)) {
      for (const part of content) {
        if (isObject(part) && part['type'] === 'text' && typeof part['text'] === 'string') {
          slots.push({ message: index, kind, text: part['text'], userTurn, set: (t) => (part['text'] = t) });
        }
      }
    }
  });
  return { body, slots };
}

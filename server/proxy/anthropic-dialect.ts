import { isObject, type Json, type SlottedBody, type TextSlot } from './text-slot.js';

/** A user message made only of tool results continues the turn; it does not start one. */
function startsUserTurn(content: unknown): boolean {
  if (typeof content === 'string') return true;
  return Array.isArray(content) && content.some((b) => isObject(b) && b['type'] !== 'tool_result');
}

/**
 * Reads an Anthropic `POST /v1/messages` body as text slots: string contents, `text` blocks,
 * and the text of `tool_result` blocks (a string, or its `text` blocks). The top-level `system`,
 * `tool_use` blocks, images, documents and `cache_control` markers are never touched.
 */
export function anthropicSlots(original: Json): SlottedBody {
  const body = structuredClone(original);
  const slots: TextSlot[] = [];
  const messages = Array.isArray(body['messages']) ? (body['messages'] as unknown[]) : [];
  let userTurn = 0;
  messages.forEach((m, index) => {
    if (!isObject(m)) return;
    const role = m['role'];
    if (role !== 'user' && role !== 'assistant') return;
    const content = m['content'];
    if (role === 'user' && startsUserTurn(content)) userTurn++;
    const own = role === 'user' ? 'user' : 'prose';
    const push = (kind: TextSlot['kind'], text: string, set: (t: string) => void) => slots.push({ message: index, kind, text, userTurn, set });
    if (typeof content === 'string') {
      push(own, content, (t) => (m['content'] = t));
      return;
    }
    if (!Array.isArray(content)) return;
    for (const block of content) {
      if (!isObject(block)) continue;
      if (block['type'] === 'text' && typeof block['text'] === 'string') {
        push(own, block['text'], (t) => (block['text'] = t));
      } else if (block['type'] === 'tool_result') {
        const inner = block['content'];
        if (typeof inner === 'string') push('tool', inner, (t) => (block['content'] = t));
        else if (Array.isArray(inner)) {
          for (const part of inner) {
            if (isObject(part) && part['type'] === 'text' && typeof part['text'] === 'string') push('tool', part['text'], (t) => (part['text'] = t));
          }
        }
      }
    }
  });
  return { body, slots };
}

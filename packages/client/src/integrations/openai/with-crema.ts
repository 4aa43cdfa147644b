import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { resolveClient } from '../core/crema-connection.js';
import { deferApiCall } from '../core/deferred-api-promise.js';
import { overrideMethod } from '../core/override-method.js';
import { prepareMessages, type ConversationWrapperOptions } from '../core/prepare-messages.js';
import { openAiMessageCodec } from './openai-message-codec.js';

/** The part of the OpenAI client that is wrapped (so any compatible client fits). */
export interface OpenAiChatClient {
  chat: { completions: { create(body: never, options?: never): unknown } };
}

/**
 * The same OpenAI client, except that `chat.completions.create` compresses `messages` with crema
 * first (long user documents towards the question asked with them, large tool results; older
 * turns too with `history`). The client passed in is not changed; streaming, `withResponse()` and
 * request options work as before.
 * @example
 * const openai = withCrema(new OpenAI(), { apiKey: process.env.CREMA_API_KEY, history: { keepRecent: 6 } });
 * const reply = await openai.chat.completions.create({ model: 'gpt-4o-mini', messages });
 */
export function withCrema<C extends OpenAiChatClient>(client: C, options: ConversationWrapperOptions = {}): C {
  const crema = resolveClient(options);
  return overrideMethod(client, ['chat', 'completions', 'create'], (create) => (body: { messages: ChatCompletionMessageParam[] }, requestOptions?: unknown) => {
    const ready = prepareMessages(crema, body.messages, openAiMessageCodec, options);
    return deferApiCall(ready, (messages) => (create as (b: unknown, o?: unknown) => unknown)({ ...body, messages }, requestOptions));
  });
}

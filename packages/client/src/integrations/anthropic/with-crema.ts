import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { resolveClient } from '../core/crema-connection.js';
import { deferApiCall } from '../core/deferred-api-promise.js';
import { overrideMethod } from '../core/override-method.js';
import { prepareMessages, type ConversationWrapperOptions } from '../core/prepare-messages.js';
import { anthropicMessageCodec } from './anthropic-message-codec.js';

/** The part of the Anthropic client that is wrapped. */
export interface AnthropicMessagesClient {
  messages: { create(body: never, options?: never): unknown };
}

/**
 * The same Anthropic client, except that `messages.create` compresses `messages` with crema first,
 * as the OpenAI wrapper does (the top-level `system` prompt is never touched). The client passed
 * in is not changed.
 * @example
 * const anthropic = withCrema(new Anthropic(), { apiKey: process.env.CREMA_API_KEY });
 * const reply = await anthropic.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 1024, messages });
 */
export function withCrema<C extends AnthropicMessagesClient>(client: C, options: ConversationWrapperOptions = {}): C {
  const crema = resolveClient(options);
  return overrideMethod(client, ['messages', 'create'], (create) => (body: { messages: MessageParam[] }, requestOptions?: unknown) => {
    const ready = prepareMessages(crema, body.messages, anthropicMessageCodec, options);
    return deferApiCall(ready, (messages) => (create as (b: unknown, o?: unknown) => unknown)({ ...body, messages }, requestOptions));
  });
}

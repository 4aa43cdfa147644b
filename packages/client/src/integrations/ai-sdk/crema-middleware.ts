import type { LanguageModelMiddleware } from 'ai';
import { resolveClient } from '../core/crema-connection.js';
import { prepareMessages, type ConversationWrapperOptions } from '../core/prepare-messages.js';
import { aiSdkMessageCodec } from './ai-sdk-message-codec.js';

/**
 * Vercel AI SDK middleware that compresses the prompt before the model sees it: long user
 * documents towards the question asked with them, large tool results, and with `history` the
 * older turns into a summary.
 * @example
 * const model = wrapLanguageModel({ model: openai('gpt-4o-mini'), middleware: cremaMiddleware({ history: { keepRecent: 6 } }) });
 * const { text } = await generateText({ model, messages });
 */
export function cremaMiddleware(options: ConversationWrapperOptions = {}): LanguageModelMiddleware {
  const crema = resolveClient(options);
  return {
    specificationVersion: 'v3',
    async transformParams({ params }) {
      return { ...params, prompt: await prepareMessages(crema, params.prompt, aiSdkMessageCodec, options) };
    },
  };
}

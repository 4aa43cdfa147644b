import type { CremaClient } from '../../index.js';
import { compressConversation, type CompressedConversation, type ConversationCompressionOptions } from './compress-conversation.js';
import type { CremaConnection } from './crema-connection.js';
import { failOpen, type FailurePolicy } from './fail-open.js';
import type { MessageCodec } from './message-codec.js';

/** What one call's compression did, for logging or metrics. */
export type CompressionReport = Omit<CompressedConversation<unknown>, 'messages'>;

/** Options of the SDK wrappers and the AI SDK middleware. */
export interface ConversationWrapperOptions extends CremaConnection, ConversationCompressionOptions, FailurePolicy {
  /** Called after each call's messages are compressed. */
  onCompressed?: (report: CompressionReport) => void;
}

/** The messages to send: compressed, or as they were when crema failed and the policy allows. */
export async function prepareMessages<M>(client: CremaClient, messages: readonly M[], codec: MessageCodec<M>, options: ConversationWrapperOptions): Promise<M[]> {
  return failOpen(
    options,
    async () => {
      const { messages: out, ...report } = await compressConversation(client, messages, codec, options);
      options.onCompressed?.(report);
      return out;
    },
    () => [...messages],
  );
}

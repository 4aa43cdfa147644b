// `crema-client/anthropic`: wraps a client from @anthropic-ai/sdk (an optional peer dependency).
export { withCrema, type AnthropicMessagesClient } from './with-crema.js';
export type { CompressionReport, ConversationWrapperOptions } from '../core/prepare-messages.js';

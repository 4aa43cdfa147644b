// `crema-client/openai`: wraps a client from the openai package (an optional peer dependency).
export { withCrema, type OpenAiChatClient } from './with-crema.js';
export type { CompressionReport, ConversationWrapperOptions } from '../core/prepare-messages.js';

// `crema-client/ai-sdk`: needs ai (an optional peer dependency).
export { cremaMiddleware } from './crema-middleware.js';
export type { CompressionReport, ConversationWrapperOptions } from '../core/prepare-messages.js';

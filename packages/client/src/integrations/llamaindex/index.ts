// `crema-client/llamaindex`: needs @llamaindex/core (an optional peer dependency).
export { CremaNodePostprocessor, type CremaNodePostprocessorOptions } from './crema-node-postprocessor.js';
export type { CremaConnection } from '../core/crema-connection.js';
export type { TextCompressionOptions } from '../core/compress-texts.js';

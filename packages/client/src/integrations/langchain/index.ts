// `crema-client/langchain`: needs @langchain/core (an optional peer dependency).
export { CremaDocumentCompressor, type CremaDocumentCompressorOptions } from './crema-document-compressor.js';
export type { CremaConnection } from '../core/crema-connection.js';
export type { TextCompressionOptions } from '../core/compress-texts.js';

import { Document, type DocumentInterface } from '@langchain/core/documents';
import { BaseDocumentCompressor } from '@langchain/core/retrievers/document_compressors';
import type { CremaClient } from '../../index.js';
import { compressTexts, type TextCompressionOptions } from '../core/compress-texts.js';
import { resolveClient, type CremaConnection } from '../core/crema-connection.js';

export interface CremaDocumentCompressorOptions extends CremaConnection, TextCompressionOptions {}

/**
 * A LangChain.js document compressor: each retrieved document's text is compressed towards the
 * query (question-specific batch route, one call per 100 documents); metadata is kept.
 * `minChars` defaults to 1 here: retrieved chunks are compressed whatever their size.
 * @example
 * const retriever = new ContextualCompressionRetriever({ baseCompressor: new CremaDocumentCompressor({ targetCompressionRatio: 0.5 }), baseRetriever });
 */
export class CremaDocumentCompressor extends BaseDocumentCompressor {
  readonly #options: CremaDocumentCompressorOptions;
  readonly #client: CremaClient;

  constructor(options: CremaDocumentCompressorOptions = {}) {
    super();
    this.#options = { minChars: 1, ...options };
    this.#client = resolveClient(options);
  }

  async compressDocuments(documents: DocumentInterface[], query: string): Promise<DocumentInterface[]> {
    const { texts } = await compressTexts(this.#client, documents.map((d) => d.pageContent), query, this.#options);
    return documents.map((d, i) => new Document({ pageContent: texts[i]!, metadata: d.metadata, id: d.id }));
  }
}

import { Document, type DocumentInterface } from '@langchain/core/documents';
import { BaseRetriever } from '@langchain/core/retrievers';
import { BaseDocumentCompressor } from '@langchain/core/retrievers/document_compressors';
import { describe, expect, it } from 'vitest';
import { CremaDocumentCompressor } from '../../packages/client/src/integrations/langchain/index.js';
import { longDocument } from '../helpers/texts.js';
import { useCremaServer } from './use-crema-server.js';

const crema = useCremaServer();

/** A fixed list of documents as a LangChain retriever. */
class ListRetriever extends BaseRetriever {
  lc_namespace = ['crema', 'test'];
  constructor(private readonly docs: Document[]) {
    super();
  }
  async _getRelevantDocuments(): Promise<Document[]> {
    return this.docs;
  }
}

/**
 * What `ContextualCompressionRetriever` (package `langchain`, not installed here) does: retrieve,
 * then `baseCompressor.compressDocuments(docs, query)`.
 */
class CompressingRetriever extends BaseRetriever {
  lc_namespace = ['crema', 'test'];
  constructor(private readonly base: BaseRetriever, private readonly compressor: BaseDocumentCompressor) {
    super();
  }
  async _getRelevantDocuments(query: string): Promise<DocumentInterface[]> {
    return this.compressor.compressDocuments(await this.base.invoke(query), query);
  }
}

describe('CremaDocumentCompressor (LangChain.js)', { timeout: 120_000 }, () => {
  const docs = [
    new Document({ pageContent: longDocument(2), metadata: { source: 'a.md' }, id: 'a' }),
    new Document({ pageContent: longDocument(3), metadata: { source: 'b.md' }, id: 'b' }),
  ];
  const query = 'When did Mount Karela last erupt?';

  it('is a BaseDocumentCompressor and compresses what a retriever returns towards the query', async () => {
    const compressor = new CremaDocumentCompressor({ baseUrl: crema().baseUrl, apiKey: crema().apiKey, targetCompressionRatio: 0.5 });
    expect(BaseDocumentCompressor.isBaseDocumentCompressor(compressor)).toBe(true);
    const out = await new CompressingRetriever(new ListRetriever(docs), compressor).invoke(query);

    // the same request straight to the server answers the same texts (deterministic outputs)
    const direct = await crema().client.compressBatch('question-specific', {
      inputs: docs.map((d) => ({ context: d.pageContent, query })),
      compressionModelName: 'latte_v2',
      targetCompressionRatio: 0.5,
    });
    expect(out.map((d) => d.pageContent)).toEqual(direct.results.map((r) => r.compressed_context));
    for (const [i, d] of out.entries()) {
      expect(d).toBeInstanceOf(Document);
      expect(d.pageContent.length).toBeLessThan(docs[i]!.pageContent.length * 0.8);
      expect(d.pageContent).toContain('1911');
      expect(d.metadata).toEqual(docs[i]!.metadata);
      expect(d.id).toBe(docs[i]!.id);
    }
  });

  it('passes an empty list through without a call, and reports a bad key as the server does', async () => {
    const compressor = new CremaDocumentCompressor({ client: crema().client });
    expect(await compressor.compressDocuments([], query)).toEqual([]);
    const wrong = new CremaDocumentCompressor({ baseUrl: crema().baseUrl, apiKey: 'cmp_0000000000000000000000000000' });
    await expect(wrong.compressDocuments(docs, query)).rejects.toMatchObject({ status: 401 });
  });
});

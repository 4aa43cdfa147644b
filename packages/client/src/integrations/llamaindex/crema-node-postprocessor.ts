import type { MessageContent } from '@llamaindex/core/llms';
import type { BaseNodePostprocessor } from '@llamaindex/core/postprocessor';
import { MetadataMode, TextNode, type NodeWithScore } from '@llamaindex/core/schema';
import { extractText } from '@llamaindex/core/utils';
import type { CremaClient } from '../../index.js';
import { compressTexts, type TextCompressionOptions } from '../core/compress-texts.js';
import { resolveClient, type CremaConnection } from '../core/crema-connection.js';

export interface CremaNodePostprocessorOptions extends CremaConnection, TextCompressionOptions {}

/**
 * A LlamaIndex.TS node postprocessor: the text of each retrieved text node is compressed towards
 * the query (question-agnostic when there is none); nodes are cloned, scores and metadata kept.
 * `minChars` defaults to 1: retrieved chunks are compressed whatever their size.
 * @example
 * const engine = index.asQueryEngine({ nodePostprocessors: [new CremaNodePostprocessor({ targetCompressionRatio: 0.5 })] });
 */
export class CremaNodePostprocessor implements BaseNodePostprocessor {
  readonly #options: CremaNodePostprocessorOptions;
  readonly #client: CremaClient;

  constructor(options: CremaNodePostprocessorOptions = {}) {
    this.#options = { minChars: 1, ...options };
    this.#client = resolveClient(options);
  }

  async postprocessNodes(nodes: NodeWithScore[], query?: MessageContent): Promise<NodeWithScore[]> {
    const texts = nodes.map(({ node }) => (node instanceof TextNode ? node.getContent(MetadataMode.NONE) : ''));
    const result = await compressTexts(this.#client, texts, query === undefined ? undefined : extractText(query), this.#options);
    return nodes.map((entry, i) => {
      if (result.texts[i] === texts[i]) return entry;
      const node = entry.node.clone();
      node.setContent(result.texts[i]);
      return { ...entry, node };
    });
  }
}

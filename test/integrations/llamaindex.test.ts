import { Document, ImageNode, MetadataMode, TextNode, type NodeWithScore } from '@llamaindex/core/schema';
import { describe, expect, it } from 'vitest';
import { CremaNodePostprocessor } from '../../packages/client/src/integrations/llamaindex/index.js';
import { longDocument } from '../helpers/texts.js';
import { useCremaServer } from './use-crema-server.js';

const crema = useCremaServer();

describe('CremaNodePostprocessor (LlamaIndex.TS)', { timeout: 120_000 }, () => {
  const nodes: NodeWithScore[] = [
    { node: new TextNode({ text: longDocument(2), metadata: { file: 'a.md' } }), score: 0.9 },
    { node: new Document({ text: longDocument(3), metadata: { file: 'b.md' } }), score: 0.7 },
  ];
  const text = (n: NodeWithScore) => n.node.getContent(MetadataMode.NONE);

  it('compresses each text node towards the query; scores, metadata and ids kept, the input untouched', async () => {
    const before = nodes.map(text);
    const post = new CremaNodePostprocessor({ client: crema().client, targetCompressionRatio: 0.5 });
    // a multi-part query as a chat message holds it: only its text counts
    const out = await post.postprocessNodes(nodes, [{ type: 'text', text: 'Which railway tunnel is the longest?' }]);

    const direct = await crema().client.compressBatch('question-specific', {
      inputs: before.map((context) => ({ context, query: 'Which railway tunnel is the longest?' })),
      compressionModelName: 'latte_v2',
      targetCompressionRatio: 0.5,
    });
    expect(out.map(text)).toEqual(direct.results.map((r) => r.compressed_context));
    out.forEach((n, i) => {
      expect(text(n)).toContain('Grey Ridge');
      expect(text(n).length).toBeLessThan(before[i]!.length * 0.8);
      expect(n.score).toBe(nodes[i]!.score);
      expect(n.node.metadata).toEqual(nodes[i]!.node.metadata);
      expect(n.node.id_).toBe(nodes[i]!.node.id_);
      expect(n.node.constructor).toBe(nodes[i]!.node.constructor);
    });
    expect(nodes.map(text)).toEqual(before);
  });

  it('without a query compresses question-agnostically; a node without text passes through as is', async () => {
    const image = { node: new ImageNode({ image: 'data:image/png;base64,AAAA' }), score: 0.5 };
    const out = await new CremaNodePostprocessor({ client: crema().client }).postprocessNodes([nodes[0]!, image]);
    const direct = await crema().client.compress('question-agnostic', { context: text(nodes[0]!), compressionModelName: 'espresso_v1' });
    expect(text(out[0]!)).toBe(direct.compressed_context);
    expect(out[1]).toBe(image);
  });
});

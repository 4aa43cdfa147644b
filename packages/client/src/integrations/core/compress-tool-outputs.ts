import type { CremaClient } from '../../index.js';
import { DEFAULT_MIN_CHARS } from './compress-texts.js';
import type { MessageCodec } from './message-codec.js';

/** Compressing large tool results through the tool-output family. */
export interface ToolOutputCompressionOptions {
  /** Outputs shorter than this many characters are left as they are. Default 2000. */
  minChars?: number;
  /** Default: the server's (0.5). */
  targetCompressionRatio?: number;
}

const BATCH_LIMIT = 100;

/**
 * Every tool result of at least `minChars` characters, compressed with the query-free
 * `toc_americano_v1`: the output alone decides the result, so a result already sent compresses to
 * the same bytes on every later call.
 */
export async function compressToolOutputs<M>(client: CremaClient, messages: M[], codec: MessageCodec<M>, options: ToolOutputCompressionOptions) {
  const minChars = options.minChars ?? DEFAULT_MIN_CHARS;
  const slots = messages.flatMap((m, message) =>
    codec.kind(m) === 'tool' ? codec.toolOutputs(m).flatMap((output, index) => (output.text.length >= minChars ? [{ message, index, ...output }] : [])) : [],
  );
  const replaced = new Map<number, string[]>();
  let tokensSaved = 0;
  let compressed = 0;
  for (let start = 0; start < slots.length; start += BATCH_LIMIT) {
    const slice = slots.slice(start, start + BATCH_LIMIT);
    const result = await client.compressBatch('tool-output', {
      inputs: slice.map((s) => ({ toolOutput: s.text, toolName: s.toolName })),
      compressionModelName: 'toc_americano_v1',
      ...(options.targetCompressionRatio === undefined ? {} : { targetCompressionRatio: options.targetCompressionRatio }),
    });
    result.results.forEach((row, k) => {
      const slot = slice[k]!;
      const text = typeof row.compressed_output === 'string' ? row.compressed_output : row.compressed_output.join('\n');
      if (text.length >= slot.text.length) return;
      const outputs = replaced.get(slot.message) ?? codec.toolOutputs(messages[slot.message]!).map((o) => o.text);
      outputs[slot.index] = text;
      replaced.set(slot.message, outputs);
      tokensSaved += row.tokens_saved;
      compressed++;
    });
  }
  const out = messages.map((m, i) => {
    const outputs = replaced.get(i);
    return outputs ? codec.withToolOutputs(m, outputs) : m;
  });
  return { messages: out, tokensSaved, compressed };
}

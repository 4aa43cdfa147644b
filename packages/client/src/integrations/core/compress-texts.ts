import type { CremaClient } from '../../index.js';

/** How texts are compressed: which ones, with which model, how hard. */
export interface TextCompressionOptions {
  /** Texts shorter than this many characters are left as they are (not sent). Default 2000 (~500 tokens). */
  minChars?: number;
  /** question-specific model. Default `latte_v2`. */
  model?: 'latte_v1' | 'latte_v2';
  /** The server's `target_compression_ratio` (0 < r <= 1: fraction removed; r > 1: Nx). Default: the model's. */
  targetCompressionRatio?: number;
}

export interface CompressedTexts {
  /** Same length and order as the input; untouched where not sent or not made shorter. */
  texts: string[];
  tokensSaved: number;
}

export const DEFAULT_MIN_CHARS = 2000;
const BATCH_LIMIT = 100;

/**
 * Compresses each long text towards `query` through the question-specific batch route (100
 * inputs per call); with no query (blank or absent) through question-agnostic instead, since
 * the server refuses an empty question.
 */
export async function compressTexts(client: CremaClient, texts: readonly string[], query: string | undefined, options: TextCompressionOptions = {}): Promise<CompressedTexts> {
  const minChars = options.minChars ?? DEFAULT_MIN_CHARS;
  const picked = texts.flatMap((text, index) => (text.length >= minChars ? [index] : []));
  const out = [...texts];
  let tokensSaved = 0;
  const question = query?.trim() ? query : undefined;
  for (let start = 0; start < picked.length; start += BATCH_LIMIT) {
    const slice = picked.slice(start, start + BATCH_LIMIT);
    const ratio = options.targetCompressionRatio === undefined ? {} : { targetCompressionRatio: options.targetCompressionRatio };
    const result = question
      ? await client.compressBatch('question-specific', {
          inputs: slice.map((i) => ({ context: texts[i]!, query: question })),
          compressionModelName: options.model ?? 'latte_v2',
          ...ratio,
        })
      : await client.compressBatch('question-agnostic', {
          inputs: slice.map((i) => ({ context: texts[i]! })),
          compressionModelName: 'espresso_v1',
          ...ratio,
        });
    result.results.forEach((row, k) => {
      const index = slice[k]!;
      if (row.compressed_context.length < texts[index]!.length) {
        out[index] = row.compressed_context;
        tokensSaved += row.tokens_saved;
      }
    });
  }
  return { texts: out, tokensSaved };
}


import type { SoftMatch } from '../score/lexical.js';
import type { Span } from '../split/segment.js';

/** The content kinds the tool-output family tells apart (`detected_format` adds `mixed` and `empty`). */
export type ToolFormat = 'json' | 'log' | 'table' | 'text';

/**
 * What a structure-aware compressor gets from the engine: the original text, the model's
 * keep scores over it, and a token budget. Compressors are pure: same input, same output.
 */
export interface FormatInput {
  /** The whole original text (one tool output string). */
  text: string;
  /** Mean keep score (0..1, higher = keep) of the words inside a character span of `text`; 0 for a span without words. */
  score(span: Span): number;
  /** o200k_base tokens the output should come close to (within ~2%) without exceeding, unless the smallest valid output is larger. */
  targetTokens: number;
  /** The user's question when the model is query-aware (toc_latte_v1); undefined otherwise. */
  query?: string | undefined;
  /** Near words (word vectors) for query words the document never uses; absent: literal matching only. */
  soft?: SoftMatch | undefined;
  /** Whether dropped spans are marked (`[...]`) in free text. Structural trim markers (array items, rows, repeats) are always written. */
  placeholders: boolean;
  /**
   * The text engine on one span of `text`: keeps about `budget` o200k tokens of it, cutting only at
   * whitespace (never inside a word), the highest-scoring sentences and words first, in original
   * order. Returns the kept text (at least the best sentence or run of words when the span is non-empty).
   */
  compressSpan(span: Span, budget: number): string;
}

/** A structure-aware compressor: text in, compressed text of the same kind out. */
export type FormatCompressor = (input: FormatInput) => string;

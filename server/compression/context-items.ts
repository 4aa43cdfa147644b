import type { components } from '../../generated/schema.js';
import { ApiError } from '../http/api-error.js';
import type { ContentFormat, EngineResult } from './engine/engine.js';
import type { EngineOptions, FamilyAdapter } from './family-adapter.js';
import { actualRatio } from './engine/ratio.js';

type CompressionResult = components['schemas']['CompressionResult'];

/** One text to compress: a context (null or empty is free) and, for query-aware models, a query. */
export interface ContextItem {
  context: string | null;
  query?: string | undefined;
}

type ContextParts<Single, Batch> = Pick<
  FamilyAdapter<Single, Batch, ContextItem, EngineResult, CompressionResult>,
  'texts' | 'plan' | 'result' | 'streamContent'
>;

const EMPTY: EngineResult = { compressed: '', originalTokens: 0, compressedTokens: 0 };

/**
 * The item handling of the context-in, context-out families (question-specific,
 * question-agnostic, markdown): one engine request per non-empty context, read as `format`.
 */
export function contextItems<Single, Batch>(format: ContentFormat): ContextParts<Single, Batch> {
  return {
    texts: (item) => [item.context],
    plan: (item, counts, options: EngineOptions) => ({
      requests: item.context ? [{ ...options, format, context: item.context, query: item.query, originalTokens: counts[0] }] : [],
      finish: (results) => results[0] ?? EMPTY,
    }),
    result: (item, r, ratio, durationMs) => ({
      original_context: item.context ?? '',
      compressed_context: r.compressed,
      original_tokens: r.originalTokens,
      compressed_tokens: r.compressedTokens,
      tokens_saved: r.originalTokens - r.compressedTokens,
      target_compression_ratio: ratio,
      actual_compression_ratio: actualRatio(r.originalTokens, r.compressedTokens),
      duration_ms: durationMs,
    }),
    streamContent: (r) => r.compressed,
  };
}

/** Rejects a `query` sent to a query-free model: silently ignoring it would hide a wrong route choice. */
export function rejectQuery(body: object, model: string, hint: string): void {
  if ('query' in body || ('inputs' in body && Array.isArray(body.inputs) && body.inputs.some((i: object) => i && 'query' in i))) {
    throw new ApiError('validation_error', `${model} takes no query`, { field: 'query', detail: hint });
  }
}

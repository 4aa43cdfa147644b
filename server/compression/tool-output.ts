import type { components } from '../../generated/schema.js';
import { ApiError } from '../http/api-error.js';
import type { EngineResult } from './engine.js';
import { engineOptions, type Accounted, type FamilyAdapter } from './family-adapter.js';
import { FAMILIES } from './families.js';
import type { ToolFormat } from './formats/format-input.js';
import { actualRatio } from './ratio.js';

type Single = components['schemas']['ToolOutputRequest'];
type Batch = components['schemas']['ToolOutputBatchRequest'];
type ToolOutputResult = components['schemas']['ToolOutputResult'];
type DetectedFormat = ToolOutputResult['detected_format'];

/** One tool call's output: a string or several, with the tool's name and an optional query. */
export interface ToolOutputItem {
  toolOutput: string | string[] | null;
  toolName: string;
  query?: string | undefined;
}

export interface ToolOutputOut extends Accounted {
  output: string | string[];
  format: DetectedFormat;
}

const strings = (v: ToolOutputItem['toolOutput']): string[] => (v === null ? [] : typeof v === 'string' ? [v] : v);

/** One format for the whole item: `empty` without content, `mixed` when its strings differ. */
function overallFormat(formats: readonly (ToolFormat | undefined)[]): DetectedFormat {
  const seen = new Set(formats.filter((f): f is ToolFormat => f !== undefined));
  if (seen.size === 0) return 'empty';
  return seen.size === 1 ? [...seen][0]! : 'mixed';
}

/** Tool-output compression (`toc_latte_v1` towards a query, `toc_americano_v1` without one). */
export const toolOutput: FamilyAdapter<Single, Batch, ToolOutputItem, ToolOutputOut, ToolOutputResult> = {
  family: FAMILIES.find((f) => f.id === 'tool-output')!,
  demoOnSingle: false,

  check(body) {
    const queries = 'inputs' in body ? body.inputs.map((i) => i.query) : [body.query];
    if (body.compression_model_name === 'toc_latte_v1' && queries.some((q) => q === undefined)) {
      throw new ApiError('validation_error', 'toc_latte_v1 compresses towards a query: send `query`', {
        field: 'query',
        detail: 'use toc_americano_v1 for query-free compression',
      });
    }
    if (body.compression_model_name === 'toc_americano_v1' && queries.some((q) => q !== undefined)) {
      throw new ApiError('validation_error', 'toc_americano_v1 takes no query', { field: 'query', detail: 'use toc_latte_v1 to compress towards a query' });
    }
  },

  model: (body) => body.compression_model_name,
  item: (body) => ({ toolOutput: body.tool_output ?? null, toolName: body.tool_name, query: body.query }),
  items: (body) => body.inputs.map((i) => ({ toolOutput: i.tool_output ?? null, toolName: i.tool_name, query: i.query })),
  texts: (item) => strings(item.toolOutput),

  options: engineOptions,

  plan(item, counts, options) {
    const all = strings(item.toolOutput);
    const live = all.map((s, i) => ({ s, i })).filter(({ s }) => s.length > 0);
    return {
      requests: live.map(({ s, i }) => ({ ...options, format: 'tool' as const, context: s, query: item.query, originalTokens: counts[i] })),
      finish(results: EngineResult[]): ToolOutputOut {
        const out = all.map(() => '');
        const formats: Array<ToolFormat | undefined> = [];
        live.forEach(({ i }, k) => {
          out[i] = results[k]!.compressed;
          formats.push(results[k]!.format);
        });
        return {
          output: typeof item.toolOutput === 'string' || item.toolOutput === null ? (out[0] ?? '') : out,
          format: overallFormat(formats),
          originalTokens: counts.reduce((a, b) => a + b, 0),
          compressedTokens: results.reduce((s, r) => s + r.compressedTokens, 0),
        };
      },
    };
  },

  echoedRatio: (body) => body.target_compression_ratio ?? null,
  result: (item, out, ratio, durationMs) => ({
    tool_name: item.toolName,
    compressed_output: out.output,
    detected_format: out.format,
    original_tokens: out.originalTokens,
    compressed_tokens: out.compressedTokens,
    tokens_saved: out.originalTokens - out.compressedTokens,
    target_compression_ratio: ratio,
    actual_compression_ratio: actualRatio(out.originalTokens, out.compressedTokens),
    duration_ms: durationMs,
  }),
  // A stream carries text: an array output travels as its JSON.
  streamContent: (out) => (typeof out.output === 'string' ? out.output : JSON.stringify(out.output)),
};

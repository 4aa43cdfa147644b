import type { components } from '../../generated/schema.js';
import { ApiError } from '../http/api-error.js';
import type { EngineResult } from './engine/engine.js';
import { engineOptions, type Accounted, type FamilyAdapter } from './family-adapter.js';
import { FAMILIES } from '../catalog/families.js';
import type { ToolFormat } from './engine/formats/format-input.js';
import { resolveModel } from '../catalog/model-catalog.js';
import { checkQueryRule } from './query-rule.js';
import { actualRatio, nxRatio } from './engine/ratio.js';

type Single = components['schemas']['ToolOutputRequest'];
type Batch = components['schemas']['ToolOutputBatchRequest'];
type Item = components['schemas']['ToolOutputBatchItem'];
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

/** A batch input as a whole request: the top-level options (a crema extension) fill what it omits. */
function withDefaults(body: Batch, input: Item, index: number): Single {
  const model = input.compression_model_name ?? body.compression_model_name;
  if (model === undefined) {
    throw new ApiError('validation_error', 'Each input needs a compression_model_name (or send one at the top level)', {
      field: `inputs.${index}.compression_model_name`,
    });
  }
  return {
    ...input,
    compression_model_name: model,
    target_compression_ratio: input.target_compression_ratio ?? body.target_compression_ratio,
    source: input.source ?? body.source,
  };
}

const bodiesOf = (body: Batch): Single[] => body.inputs.map((input, i) => withDefaults(body, input, i));
const itemOf = (body: Single | Item): ToolOutputItem => ({ toolOutput: body.tool_output ?? null, toolName: body.tool_name, query: body.query ?? undefined });

/**
 * Tool-output compression: query-aware models (`toc_latte_v1`, `toc_latte_v2`) and the query-free
 * `toc_americano_v1`, under their ids or the hosted API's aliases.
 */
export const toolOutput: FamilyAdapter<Single, Batch, ToolOutputItem, ToolOutputOut, ToolOutputResult> = {
  family: FAMILIES.find((f) => f.id === 'tool-output')!,
  demoOnSingle: false,

  check(body) {
    const bodies = 'inputs' in body ? bodiesOf(body) : [body];
    bodies.forEach((b, i) => {
      const spec = resolveModel(b.compression_model_name);
      if (!spec) throw new ApiError('validation_error', `Unknown tool-output model: ${b.compression_model_name}`, { field: 'compression_model_name' });
      checkQueryRule(spec, b.query, 'inputs' in body ? `inputs.${i}.query` : 'query', b.compression_model_name);
    });
  },

  // Batch bodies have their models merged in `bodiesOf`; the routes ask per input.
  model: (body) => ('inputs' in body ? (body.compression_model_name ?? '') : body.compression_model_name),
  item: itemOf,
  items: (body) => bodiesOf(body).map(itemOf),
  batchBodies: bodiesOf,
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
    compression_ratio: nxRatio(out.originalTokens, out.compressedTokens),
    target_compression_ratio: ratio,
    actual_compression_ratio: actualRatio(out.originalTokens, out.compressedTokens),
    duration_ms: durationMs,
  }),
  // A stream carries text: an array output travels as its JSON.
  streamContent: (out) => (typeof out.output === 'string' ? out.output : JSON.stringify(out.output)),
};

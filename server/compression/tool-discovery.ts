import type { components } from '../../generated/schema.js';
import type { EngineResult } from './engine/engine.js';
import { engineOptions, type Accounted, type FamilyAdapter } from './family-adapter.js';
import { FAMILIES } from '../catalog/families.js';
import { actualRatio } from './engine/ratio.js';
import { toToolSpec } from './engine/tool-discovery/tool-shapes.js';
import type { ToolDiscoveryInput } from './engine/tool-discovery/rank.js';

type Single = components['schemas']['ToolDiscoveryRequest'];
type Batch = components['schemas']['ToolDiscoveryBatchRequest'];
type ToolDiscoveryResult = components['schemas']['ToolDiscoveryResult'];

const MAX_TOOLS_DEFAULT = 5;

/** One question: the query, the tools as sent (billed as their JSON) and as the ranking reads them. */
export interface ToolDiscoveryItem {
  query: string;
  /** Each definition's JSON as sent: what is billed, and what `compressed_tokens` counts of the answered ones. */
  definitions: string[];
  input: ToolDiscoveryInput;
}

export interface ToolDiscoveryOut extends Accounted {
  names: string[];
  reasoning: string[];
}

const itemOf = (body: Single): ToolDiscoveryItem => {
  const tools = body.tools.map(toToolSpec);
  return {
    query: body.query,
    definitions: body.tools.map((t) => JSON.stringify(t)),
    input: { query: body.query, tools, maxTools: body.max_tools ?? MAX_TOOLS_DEFAULT, alwaysKeep: body.always_keep ?? [] },
  };
};

/**
 * Tool discovery (`tdc_coldbrew_v1`, aliases `tdc_espresso`, `agentic_tool_discovery_sat`): the
 * names of the tools a query needs, ranked in the engine (tool-discovery/rank.ts). Billed on the
 * tool definitions read plus the query, like every family.
 */
export const toolDiscovery: FamilyAdapter<Single, Batch, ToolDiscoveryItem, ToolDiscoveryOut, ToolDiscoveryResult> = {
  family: FAMILIES.find((f) => f.id === 'tool-discovery')!,
  demoOnSingle: false,
  // The schema requires the query and at least one tool; always_keep names outside the tools are ignored.
  check: () => undefined,
  model: (body) => ('inputs' in body ? '' : body.compression_model_name),
  item: itemOf,
  items: (body) => body.inputs.map(itemOf),
  // Each input is a whole request with its own model.
  batchBodies: (body) => body.inputs,
  texts: (item) => item.definitions,
  options: (body, model) => engineOptions({}, model),

  plan(item, counts, options) {
    return {
      requests: [{ ...options, context: '', query: item.query, tools: item.input }],
      finish([result]: EngineResult[]): ToolDiscoveryOut {
        const { kept, reasoning } = result!.ranking!;
        return {
          names: kept.map((i) => item.input.tools[i]!.name),
          reasoning,
          originalTokens: counts.reduce((a, b) => a + b, 0),
          compressedTokens: kept.reduce((s, i) => s + (counts[i] ?? 0), 0),
        };
      },
    };
  },

  echoedRatio: () => null,
  result: (item, out, _ratio, durationMs) => ({
    relevant_tools: out.names,
    tool_count: out.names.length,
    original_tool_count: item.input.tools.length,
    reasoning: out.reasoning.join('\n'),
    duration_ms: durationMs,
    original_tokens: out.originalTokens,
    compressed_tokens: out.compressedTokens,
    tokens_saved: out.originalTokens - out.compressedTokens,
    actual_compression_ratio: actualRatio(out.originalTokens, out.compressedTokens),
  }),
  // A stream carries text: the answered names, one per line.
  streamContent: (out) => out.names.join('\n'),
};

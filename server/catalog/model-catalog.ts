import type { FamilyId, ModelId } from './families.js';

/** The bundled scoring networks under `models/<id>/`; several catalog models share one. */
export type WeightsId = 'latte_v1' | 'latte_v2' | 'espresso_v1';

type QueryMode = 'required' | 'optional' | 'forbidden';

/** Factors on a tier's base rpm, tpm and rpd for one model. */
interface LimitMultipliers {
  rpm: number;
  tpm: number;
  rpd: number;
}

/** Everything crema knows about a model id, one record per model: billing, limits, routes and docs read it. */
export interface ModelSpec {
  id: ModelId;
  family: FamilyId;
  description: string;
  query: QueryMode;
  supportsDynamic: boolean;
  /** Used when a request omits `target_compression_ratio` (same ratio rules). */
  defaultTargetRatio: number;
  maxContextTokens: number;
  weights: WeightsId;
  /**
   * Other names a request may use for this model (the hosted API's short and legacy ids). They
   * resolve to this record, usage records `id`, and they are never listed as models of their own.
   */
  aliases: readonly string[];
  /** USD per 1M original (input) tokens: the estimate, the model records and billing. */
  inputPricePer1mUsd: number;
  /** This model's factors on its tier's rate limits (1 each for most). */
  limitMultipliers: LimitMultipliers;
}

const SAME_LIMITS: LimitMultipliers = { rpm: 1, tpm: 1, rpd: 1 };

/** DESIGN.md section 2, as data. */
export const MODEL_CATALOG: Readonly<Record<ModelId, ModelSpec>> = {
  latte_v1: {
    id: 'latte_v1',
    family: 'question-specific',
    description: 'Query-aware token classifier; the accurate model.',
    query: 'required',
    supportsDynamic: false,
    defaultTargetRatio: 0.5,
    maxContextTokens: 128_000,
    weights: 'latte_v1',
    aliases: [],
    inputPricePer1mUsd: 0.1,
    limitMultipliers: SAME_LIMITS,
  },
  latte_v2: {
    id: 'latte_v2',
    family: 'question-specific',
    description: 'Small query-aware classifier: several times faster than latte_v1 at close quality; supports dynamic ratios.',
    query: 'required',
    supportsDynamic: true,
    defaultTargetRatio: 0.5,
    maxContextTokens: 128_000,
    weights: 'latte_v2',
    aliases: [],
    inputPricePer1mUsd: 0.1,
    limitMultipliers: { rpm: 2, tpm: 2, rpd: 1 }, // latte_v2 runs at twice the rpm and tpm
  },
  espresso_v1: {
    id: 'espresso_v1',
    family: 'question-agnostic',
    description: 'Query-free token classifier: keeps numbers, names and rare, informative terms.',
    query: 'forbidden',
    supportsDynamic: false,
    defaultTargetRatio: 0.5,
    maxContextTokens: 128_000,
    weights: 'espresso_v1',
    aliases: [],
    inputPricePer1mUsd: 0.1,
    limitMultipliers: SAME_LIMITS,
  },
  markdown_v1: {
    id: 'markdown_v1',
    family: 'markdown',
    description: 'Keeps headings, list bullets, code fences and tables verbatim; shortens prose with espresso_v1 scoring.',
    query: 'forbidden',
    supportsDynamic: false,
    defaultTargetRatio: 0.5,
    maxContextTokens: 128_000,
    weights: 'espresso_v1',
    aliases: [],
    inputPricePer1mUsd: 0.1,
    limitMultipliers: SAME_LIMITS,
  },
  hcc_latte_v1: {
    id: 'hcc_latte_v1',
    family: 'history',
    description: 'Chat-history compression: recent turns verbatim, older turns compressed (towards the query when given).',
    query: 'optional',
    supportsDynamic: false,
    defaultTargetRatio: 0.3,
    maxContextTokens: 256_000,
    weights: 'latte_v1',
    aliases: [],
    inputPricePer1mUsd: 0.1,
    limitMultipliers: SAME_LIMITS,
  },
  hcc_espresso_v1: {
    id: 'hcc_espresso_v1',
    family: 'history',
    description: 'Query-free chat-history compression: recent turns verbatim, older turns ranked by information.',
    query: 'forbidden',
    supportsDynamic: false,
    defaultTargetRatio: 0.3,
    maxContextTokens: 256_000,
    weights: 'espresso_v1',
    aliases: ['agentic_history_lingua'],
    inputPricePer1mUsd: 0.1,
    limitMultipliers: SAME_LIMITS,
  },
  toc_latte_v1: {
    id: 'toc_latte_v1',
    family: 'tool-output',
    description: 'Query-aware tool-output compression for JSON, logs, tables and text.',
    query: 'required',
    supportsDynamic: false,
    defaultTargetRatio: 0.5,
    maxContextTokens: 128_000,
    weights: 'latte_v2',
    aliases: ['agentic_tool_output_gemfilter'],
    inputPricePer1mUsd: 0.1,
    limitMultipliers: SAME_LIMITS,
  },
  toc_latte_v2: {
    id: 'toc_latte_v2',
    family: 'tool-output',
    description: 'Query-aware tool-output compression for JSON, logs, tables and text (the hosted Python SDK\'s default id); in this build it scores with the same latte_v2 network as toc_latte_v1.',
    query: 'required',
    supportsDynamic: false,
    defaultTargetRatio: 0.5,
    maxContextTokens: 128_000,
    weights: 'latte_v2',
    aliases: ['toc_latte'],
    inputPricePer1mUsd: 0.1,
    limitMultipliers: SAME_LIMITS,
  },
  toc_americano_v1: {
    id: 'toc_americano_v1',
    family: 'tool-output',
    description: 'Query-free tool-output compression for JSON, logs, tables and text.',
    query: 'forbidden',
    supportsDynamic: false,
    defaultTargetRatio: 0.5,
    maxContextTokens: 128_000,
    weights: 'espresso_v1',
    aliases: ['toc_americano', 'agentic_tool_output_lingua'],
    inputPricePer1mUsd: 0.1,
    limitMultipliers: SAME_LIMITS,
  },
  tdc_coldbrew_v1: {
    id: 'tdc_coldbrew_v1',
    family: 'tool-discovery',
    description: 'Tool discovery: ranks tool definitions against the query (BM25, word vectors and latte_v2 scores) and answers the names of the few it needs.',
    query: 'required',
    supportsDynamic: false,
    // Not a ratio model: the answer's size is `max_tools`. Listed for the shared record shape.
    defaultTargetRatio: 0.5,
    maxContextTokens: 512_000,
    weights: 'latte_v2',
    aliases: ['tdc_espresso', 'agentic_tool_discovery_sat'],
    inputPricePer1mUsd: 0.1,
    limitMultipliers: SAME_LIMITS,
  },
};

/** Looks a model up inside one family by its id; undefined when the id is unknown or belongs elsewhere. */
export function findModel(family: FamilyId, id: string): ModelSpec | undefined {
  const spec = (MODEL_CATALOG as Record<string, ModelSpec | undefined>)[id];
  return spec?.family === family ? spec : undefined;
}

/** The record a request's model name (an id or an alias) names; undefined when it names none. */
export function resolveModel(name: string): ModelSpec | undefined {
  const byId = (MODEL_CATALOG as Record<string, ModelSpec | undefined>)[name];
  return byId ?? Object.values(MODEL_CATALOG).find((m) => m.aliases.includes(name));
}

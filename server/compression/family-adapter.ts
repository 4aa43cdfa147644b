import type { EngineRequest, EngineResult } from './engine/engine.js';
import type { Family } from '../catalog/families.js';
import type { ModelSpec } from '../catalog/model-catalog.js';

/** Options shared by every item of a request, as the engine takes them. */
export type EngineOptions = Omit<EngineRequest, 'context' | 'query' | 'parts' | 'originalTokens'>;

/** The request options every family shares, in the wire's names (a family may lack some). */
export interface CommonOptions {
  target_compression_ratio?: number | undefined;
  coarse?: boolean | undefined;
  heuristic_chunking?: boolean | undefined;
  disable_placeholders?: boolean | undefined;
}

/** The engine options of a request, with the documented defaults (coarse, no chunking, placeholders on). */
export function engineOptions(body: CommonOptions, model: ModelSpec): EngineOptions {
  return {
    weights: model.weights,
    ratio: body.target_compression_ratio,
    defaultRatio: model.defaultTargetRatio,
    coarse: body.coarse ?? true,
    heuristicChunking: body.heuristic_chunking ?? false,
    placeholders: !(body.disable_placeholders ?? false),
  };
}

/** Token accounting of one compressed item. */
export interface Accounted {
  originalTokens: number;
  compressedTokens: number;
  /** Engine milliseconds spent on this item alone (set by compressItems; a batch row's `duration_ms`). */
  durationMs?: number | undefined;
}

/** The engine work for one item, and how its results become the item's output. */
interface ItemPlan<Out extends Accounted> {
  requests: EngineRequest[];
  finish(results: EngineResult[]): Out;
}

/** The accounting fields every family's result carries (batch totals are summed from them). */
export interface ResultAccounting {
  original_tokens: number;
  compressed_tokens: number;
  tokens_saved: number;
  actual_compression_ratio: number;
}

/**
 * What distinguishes one compression family; the route plumbing (key check, metering, batch
 * totals, streams) is shared. `Single`/`Batch` are the request bodies, `Item` one input (a
 * context, a transcript, a tool output), `Out` its compressed form, `Result` its response row.
 */
export interface FamilyAdapter<Single, Batch, Item, Out extends Accounted, Result extends ResultAccounting> {
  family: Family;
  /** Whether demo-scope keys may call the single route. */
  demoOnSingle: boolean;
  /** Rules the schema cannot express; throws ApiError `validation_error`. */
  check(body: Single | Batch): void;
  /** The model a body names: an id or an alias (the routes resolve it through the catalog). */
  model(body: Single | Batch): string;
  item(body: Single): Item;
  items(body: Batch): Item[];
  /**
   * The batch's inputs as whole single requests, when each input carries its own model and
   * options (history, tool-output); absent, one model and one set of options serve the batch.
   */
  batchBodies?(body: Batch): Single[];
  /** The texts an item is billed for, o200k-counted before the work; null and empty ones are free. */
  texts(item: Item): ReadonlyArray<string | null>;
  options(body: Single | Batch, model: ModelSpec): EngineOptions;
  /** `counts` are the o200k counts of `texts(item)` (0 for null or empty). */
  plan(item: Item, counts: readonly number[], options: EngineOptions): ItemPlan<Out>;
  /** `target_compression_ratio` as echoed in results: the requested ratio, or null. */
  echoedRatio(body: Single | Batch): number | null;
  result(item: Item, out: Out, ratio: number | null, durationMs: number): Result;
  /** The `content` of a stream's frame. */
  streamContent(out: Out): string;
}

// Adapters are stored together in one table, so their type parameters are erased there.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFamilyAdapter = FamilyAdapter<any, any, any, any, any>;

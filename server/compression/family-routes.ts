import type { RequestHandler, Response } from 'express';
import { keyPrincipalOf, requireApiKey } from '../api-keys/api-key-auth.js';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import type { Meter } from '../billing/meter.js';
import { requestSource } from './request-source.js';
import { ApiError } from '../http/api-error.js';
import type { Route } from '../http/route-table.js';
import { openEventStream, writeEvent } from '../http/sse.js';
import { cancellableWork } from '../http/cancellable-work.js';
import type { WeightsAvailability } from '../model/weights-availability.js';
import type { CompressionBackend } from './compression-backend.js';
import { compressItems, countItems } from './compress-items.js';
import type { Accounted, AnyFamilyAdapter, ResultAccounting } from './family-adapter.js';
import { resolveModel, type ModelSpec } from '../catalog/model-catalog.js';
import type { ConcurrencyCap } from '../rate-limit/concurrency-cap.js';

export interface FamilyRoutesDeps {
  backend: CompressionBackend;
  weights: WeightsAvailability;
  meter: Meter;
  keys: ApiKeysService;
  requestTimeoutMs: number;
  streamTimeoutMs: number;
  /** Per-account cap on compression requests running at once (0: none). */
  concurrency?: ConcurrencyCap;
  /** Told the tokens in and out of each finished, billed request (metrics). */
  onTokens?: (model: string, input: number, output: number) => void;
  /** Aborted when a stopping server's grace period is over: running work answers 503 or an error frame. */
  stop?: AbortSignal;
}

// The request field that holds an item's text, per family (named in the 422 for an oversized item).
const TEXT_FIELD: Record<string, string> = { history: 'messages', 'tool-output': 'tool_output', 'tool-discovery': 'tools' };

/** 422 when one item (its texts plus its query) is longer than the model's `max_context_tokens`. */
function rejectOverContext(counts: number[][], queryCounts: number[], indices: readonly number[], spec: ModelSpec, batch: boolean, family = ''): void {
  indices.forEach((i) => {
    const tokens = counts[i]!.reduce((a, b) => a + b, 0) + (queryCounts[i] ?? 0);
    if (tokens > spec.maxContextTokens) {
      const field = TEXT_FIELD[family] ?? 'context';
      throw new ApiError('context_window_exceeded', `Input is longer than ${spec.id} accepts`, {
        field: batch ? `inputs.${i}.${field}` : field,
        detail: `${tokens} tokens (query included); max_context_tokens of ${spec.id} is ${spec.maxContextTokens}`,
      });
    }
  });
}

/** The batch envelope's totals, summed from the rows. */
/** A result with its query's tokens, the figure billed beside original_tokens (the usage row and ledger show both). */
const withQueryTokens = <R extends ResultAccounting>(result: R, queryTokens: number | undefined): R & { query_tokens: number } => ({ ...result, query_tokens: queryTokens ?? 0 });

function batchTotals(rows: readonly (ResultAccounting & { query_tokens?: number })[]) {
  return {
    total_original_tokens: rows.reduce((s, x) => s + x.original_tokens, 0),
    total_query_tokens: rows.reduce((s, x) => s + (x.query_tokens ?? 0), 0),
    total_compressed_tokens: rows.reduce((s, x) => s + x.compressed_tokens, 0),
    total_tokens_saved: rows.reduce((s, x) => s + x.tokens_saved, 0),
    average_compression_ratio: rows.length ? Math.round((rows.reduce((s, x) => s + x.actual_compression_ratio, 0) / rows.length) * 10_000) / 10_000 : 0,
    count: rows.length,
  };
}

/** The items of one request that one model compresses: one usage row and one set of quotas. */
interface ModelGroup {
  spec: ModelSpec;
  /** Positions of the group's items in the request. */
  indices: number[];
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * The single, batch and stream routes of one family: key check, semantic checks, token counting,
 * metering (rate limits, hold, settle), the engine, and the response. What differs per family
 * lives in its adapter.
 */
export function familyRoutes(adapter: AnyFamilyAdapter, deps: FamilyRoutesDeps): Route[] {
  const { backend, meter } = deps;
  const camel = adapter.family.id.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());

  /** The catalog record a model name (id or alias) names; a name outside the family is a 422. */
  function resolve(name: string, field: string): ModelSpec {
    const spec = resolveModel(name);
    if (!spec || spec.family !== adapter.family.id) {
      throw new ApiError('validation_error', `Unknown ${adapter.family.id} model: ${name}`, { field, detail: `known: ${adapter.family.models.join(', ')}` });
    }
    return spec;
  }

  /**
   * Each item's model and engine options, and the items grouped by canonical model. Families
   * whose batch inputs are whole requests (`batchBodies`) may mix models in one batch.
   */
  function modelsOf(body: unknown, count: number) {
    const bodies = 'inputs' in (body as object) ? adapter.batchBodies?.(body) : undefined;
    const perItem: unknown[] = bodies ?? Array.from({ length: count }, () => body);
    const specs = perItem.map((b, i) => resolve(adapter.model(b), bodies ? `inputs.${i}.compression_model_name` : 'compression_model_name'));
    const options = perItem.map((b, i) => adapter.options(b, specs[i]!));
    const groups = new Map<string, ModelGroup>();
    specs.forEach((spec, i) => {
      const group = groups.get(spec.id) ?? { spec, indices: [] };
      group.indices.push(i);
      groups.set(spec.id, group);
    });
    return { options, groups: [...groups.values()] };
  }

  /**
   * Compresses items (empty ones free) and meters them: one metered call per model group, nested
   * so that every group's hold is taken before the result is returned, and a refusal anywhere
   * releases them all (nothing charged). The engine runs once for all groups.
   */
  async function run(res: Response, body: unknown, items: unknown[], operation: 'single' | 'batch' | 'stream', timeoutMs: number, onAuthorized?: () => void) {
    adapter.check(body);
    const batch = 'inputs' in (body as object);
    const { options, groups } = modelsOf(body, items.length);
    for (const { spec } of groups) {
      if (!deps.weights.isAvailable(spec.weights)) {
        throw new ApiError('service_unavailable', `Model ${spec.id} is not available on this server`, {
          detail: `its weights (models/${spec.weights}) are not installed`,
          retryAfter: 60,
        });
      }
    }
    // One account's requests past the cap wait outside the engine (429), not in its queue.
    const release = deps.concurrency?.acquire(keyPrincipalOf(res).account.id);
    try {
      const { counts, queryCounts } = await countItems(backend, adapter, items);
      for (const g of groups) rejectOverContext(counts, queryCounts, g.indices, g.spec, batch, adapter.family.id);
      let outs: Accounted[] = [];
      const meterGroup = async (k: number, refusedSignals: AbortSignal[]): Promise<void> => {
        if (k === groups.length) {
          // Cancelled when the budget passes, the client goes away or a hold taken meanwhile is
          // refused: the holds are released (no charge) and the worker is free for the next request.
          const refused = refusedSignals.length ? AbortSignal.any(refusedSignals) : undefined;
          outs = await cancellableWork(res, timeoutMs, 'Compression', (signal) => compressItems(backend, adapter, items, counts, options, signal), refused, deps.stop);
          return;
        }
        const { spec, indices } = groups[k]!;
        const textTokens = sum(indices.map((i) => sum(counts[i]!)));
        const queryTokens = sum(indices.map((i) => queryCounts[i] ?? 0));
        const billedTokens = textTokens + queryTokens;
        const rows = indices.filter((i) => counts[i]!.some((n) => n > 0)).length;
        // request_id is unique per usage row: a second model's row carries the model after it.
        const requestId = k === 0 ? String(res.req.id) : `${String(res.req.id)}:${spec.id}`;
        await meter(
          { principal: keyPrincipalOf(res), requestId, family: adapter.family.id, model: spec.id, operation, inputTokens: billedTokens, source: requestSource(body) },
          async (refused) => {
            await meterGroup(k + 1, [...refusedSignals, refused]);
            const compressedTokens = sum(indices.map((i) => outs[i]!.compressedTokens));
            deps.onTokens?.(spec.id, billedTokens, compressedTokens);
            return { result: undefined, actual: { originalTokens: textTokens, queryTokens, compressedTokens, rows } };
          },
          // Streams are single requests (one group): the stream opens once that hold is taken.
          { onAuthorized: k === groups.length - 1 ? onAuthorized : undefined },
        );
      };
      await meterGroup(0, []);
      return { outs, queryCounts };
    } finally {
      release?.();
    }
  }

  const hasTokens = (out: { originalTokens: number }) => out.originalTokens > 0;

  const single: RequestHandler = async (req, res) => {
    const started = performance.now();
    const item = adapter.item(req.body);
    const { outs, queryCounts } = await run(res, req.body, [item], 'single', deps.requestTimeoutMs);
    const out = outs[0]!;
    const duration = hasTokens(out) ? Math.round(performance.now() - started) : 0;
    res.json({ success: true, message: null, data: withQueryTokens(adapter.result(item, out, adapter.echoedRatio(req.body), duration), queryCounts[0]) });
  };

  const batch: RequestHandler = async (req, res) => {
    const started = performance.now();
    const items = adapter.items(req.body);
    const { outs, queryCounts } = await run(res, req.body, items, 'batch', deps.requestTimeoutMs);
    const duration = Math.round(performance.now() - started);
    // Inputs that are whole requests echo their own ratio.
    const bodies: unknown[] | undefined = adapter.batchBodies?.(req.body);
    // Each row reports its own engine time (its share of the batch's scoring included), not the batch's.
    const own = (out: Accounted) => Math.min(duration, Math.round(out.durationMs ?? duration));
    const results: ResultAccounting[] = outs.map((out, i) =>
      withQueryTokens(adapter.result(items[i], out, adapter.echoedRatio(bodies ? bodies[i] : req.body), hasTokens(out) ? own(out) : 0), queryCounts[i]),
    );
    res.json({ success: true, message: null, data: { results, ...batchTotals(results) } });
  };

  // Everything before the first frame (key, validation, limits, balance) still answers with a
  // status code: the stream opens once the hold is taken (the work may be running already). Once
  // it is open, a failure is one `error` frame and the hold is released.
  const stream: RequestHandler = async (req, res) => {
    const item = adapter.item(req.body);
    let opened = false;
    try {
      const out = (
        await run(res, req.body, [item], 'stream', deps.streamTimeoutMs, () => {
          openEventStream(res);
          opened = true;
        })
      ).outs[0]!;
      writeEvent(res, { content: adapter.streamContent(out), done: true, error: null });
      res.end();
    } catch (err) {
      if (!opened) throw err;
      writeEvent(res, { content: '', done: true, error: err instanceof Error ? err.message : 'compression failed' });
      res.end();
    }
  };

  const base = adapter.family.basePath;
  const keyed = (allowDemo: boolean) => [requireApiKey(deps.keys, { allowDemo })];
  return [
    { method: 'post', path: `${base}/`, operationId: `${camel}Compress`, middleware: keyed(adapter.demoOnSingle), handler: single },
    { method: 'post', path: `${base}/batch`, operationId: `${camel}Batch`, middleware: keyed(false), handler: batch },
    { method: 'post', path: `${base}/stream`, operationId: `${camel}Stream`, middleware: keyed(false), handler: stream },
  ];
}

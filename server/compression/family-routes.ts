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
import type { AnyFamilyAdapter, ResultAccounting } from './family-adapter.js';
import { MODEL_CATALOG } from './model-catalog.js';
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
}

// The request field that holds an item's text, per family (named in the 422 for an oversized item).
const TEXT_FIELD: Record<string, string> = { history: 'messages', 'tool-output': 'tool_output' };

/** 422 when one item (its texts plus its query) is longer than the model's `max_context_tokens`. */
function rejectOverContext(counts: number[][], queryCounts: number[], max: number, model: string, batch: boolean, family = ''): void {
  counts.forEach((row, i) => {
    const tokens = row.reduce((a, b) => a + b, 0) + (queryCounts[i] ?? 0);
    if (tokens > max) {
      const field = TEXT_FIELD[family] ?? 'context';
      throw new ApiError('validation_error', `Input is longer than ${model} accepts`, {
        field: batch ? `inputs.${i}.${field}` : field,
        detail: `${tokens} tokens (query included); max_context_tokens of ${model} is ${max}`,
      });
    }
  });
}

/** The batch envelope's totals, summed from the rows. */
function batchTotals(rows: readonly ResultAccounting[]) {
  return {
    total_original_tokens: rows.reduce((s, x) => s + x.original_tokens, 0),
    total_compressed_tokens: rows.reduce((s, x) => s + x.compressed_tokens, 0),
    total_tokens_saved: rows.reduce((s, x) => s + x.tokens_saved, 0),
    average_compression_ratio: rows.length ? Math.round((rows.reduce((s, x) => s + x.actual_compression_ratio, 0) / rows.length) * 10_000) / 10_000 : 0,
    count: rows.length,
  };
}

/**
 * The single, batch and stream routes of one family: key check, semantic checks, token counting,
 * metering (rate limits, hold, settle), the engine, and the response. What differs per family
 * lives in its adapter.
 */
export function familyRoutes(adapter: AnyFamilyAdapter, deps: FamilyRoutesDeps): Route[] {
  const { backend, meter } = deps;
  const camel = adapter.family.id.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());

  /** Compresses items (empty ones free) and meters them as one request. */
  async function run(res: Response, body: unknown, items: unknown[], operation: 'single' | 'batch' | 'stream', timeoutMs: number, onAuthorized?: () => void) {
    adapter.check(body);
    const modelId = adapter.model(body);
    const spec = MODEL_CATALOG[modelId];
    if (!deps.weights.isAvailable(spec.weights)) {
      throw new ApiError('service_unavailable', `Model ${modelId} is not available on this server`, {
        detail: `its weights (models/${spec.weights}) are not installed`,
        retryAfter: 60,
      });
    }
    const options = adapter.options(body, spec);
    // One account's requests past the cap wait outside the engine (429), not in its queue.
    const release = deps.concurrency?.acquire(keyPrincipalOf(res).account.id);
    try {
      const { counts, queryCounts, total } = await countItems(backend, adapter, items);
      rejectOverContext(counts, queryCounts, spec.maxContextTokens, modelId, 'inputs' in (body as object), adapter.family.id);
      const rows = counts.filter((c) => c.some((n) => n > 0)).length;
      return await meter(
        { principal: keyPrincipalOf(res), requestId: String(res.req.id), family: adapter.family.id, model: modelId, operation, inputTokens: total, source: requestSource(body) },
        async (refused) => {
          // Cancelled when the budget passes, the client goes away or the hold taken meanwhile is
          // refused: the hold is released (no charge) and the worker is free for the next request.
          const outs = await cancellableWork(res, timeoutMs, 'Compression', (signal) => compressItems(backend, adapter, items, counts, options, signal), refused);
          const compressedTokens = outs.reduce((s: number, o: { compressedTokens: number }) => s + o.compressedTokens, 0);
          const textTokens = counts.flat().reduce((a, b) => a + b, 0);
          deps.onTokens?.(modelId, total, compressedTokens);
          return { result: outs, actual: { originalTokens: textTokens, compressedTokens, rows, billedTokens: total } };
        },
        { onAuthorized },
      );
    } finally {
      release?.();
    }
  }

  const hasTokens = (out: { originalTokens: number }) => out.originalTokens > 0;

  const single: RequestHandler = async (req, res) => {
    const started = performance.now();
    const item = adapter.item(req.body);
    const [out] = await run(res, req.body, [item], 'single', deps.requestTimeoutMs);
    const duration = hasTokens(out) ? Math.round(performance.now() - started) : 0;
    res.json({ success: true, message: null, data: adapter.result(item, out, adapter.echoedRatio(req.body), duration) });
  };

  const batch: RequestHandler = async (req, res) => {
    const started = performance.now();
    const items = adapter.items(req.body);
    const outs = await run(res, req.body, items, 'batch', deps.requestTimeoutMs);
    const duration = Math.round(performance.now() - started);
    const ratio = adapter.echoedRatio(req.body);
    const results: ResultAccounting[] = outs.map((out, i) => adapter.result(items[i], out, ratio, hasTokens(out) ? duration : 0));
    res.json({ success: true, message: null, data: { results, ...batchTotals(results) } });
  };

  // Everything before the first frame (key, validation, limits, balance) still answers with a
  // status code: the stream opens once the hold is taken (the work may be running already). Once
  // it is open, a failure is one `error` frame and the hold is released.
  const stream: RequestHandler = async (req, res) => {
    const item = adapter.item(req.body);
    let opened = false;
    try {
      const [out] = await run(res, req.body, [item], 'stream', deps.streamTimeoutMs, () => {
        openEventStream(res);
        opened = true;
      });
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

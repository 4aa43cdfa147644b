import type { RequestHandler, Response } from 'express';
import type { components } from '../../generated/schema.js';
import { keyPrincipalOf, requireApiKey } from '../api-keys/api-key-auth.js';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import type { Meter } from '../billing/meter.js';
import { ApiError } from '../http/api-error.js';
import type { Route } from '../http/route-table.js';
import type { WeightsAvailability } from '../model/weights-availability.js';
import { openEventStream, writeEvent } from '../http/sse.js';
import { withTimeout } from '../http/with-timeout.js';
import type { CompressionBackend } from './compression-backend.js';
import type { EngineRequest, EngineResult } from './engine.js';
import type { Family, ModelId } from './families.js';
import { MODEL_CATALOG, type ModelSpec } from './model-catalog.js';
import { actualRatio } from './ratio.js';

type CompressionResult = components['schemas']['CompressionResult'];
type BatchResult = components['schemas']['BatchResult'];

/** One text to compress: a context (null or empty is free) and, for query-aware models, a query. */
export interface TextRow {
  context: string | null;
  query?: string | undefined;
}

/** Options shared by every row of a request, as the engine takes them. */
export type EngineOptions = Omit<EngineRequest, 'context' | 'query'>;

/** What distinguishes one context-in, context-out family; the route plumbing is shared. */
export interface TextFamilyAdapter<Single, Batch> {
  family: Family;
  /** Whether demo-scope keys may call the single route. */
  demoOnSingle: boolean;
  /** Rules the schema cannot express; throws ApiError `validation_error`. */
  check(body: Single | Batch): void;
  model(body: Single | Batch): ModelId;
  row(body: Single): TextRow;
  rows(body: Batch): TextRow[];
  options(body: Single | Batch, model: ModelSpec): EngineOptions;
  /** `target_compression_ratio` as echoed in results: the requested ratio, or null. */
  echoedRatio(body: Single | Batch): number | null;
}

export interface TextFamilyDeps {
  backend: CompressionBackend;
  weights: WeightsAvailability;
  meter: Meter;
  keys: ApiKeysService;
  requestTimeoutMs: number;
  streamTimeoutMs: number;
}

function toResult(row: TextRow, r: EngineResult, ratio: number | null, durationMs: number): CompressionResult {
  return {
    original_context: row.context ?? '',
    compressed_context: r.compressed,
    original_tokens: r.originalTokens,
    compressed_tokens: r.compressedTokens,
    tokens_saved: r.originalTokens - r.compressedTokens,
    target_compression_ratio: ratio,
    actual_compression_ratio: actualRatio(r.originalTokens, r.compressedTokens),
    duration_ms: durationMs,
  };
}

const EMPTY: EngineResult = { compressed: '', originalTokens: 0, compressedTokens: 0 };

/**
 * The single, batch and stream routes of a context-based family: key check, semantic checks,
 * token counting, metering (rate limits, hold, settle), the engine, and the response.
 */
export function textFamilyRoutes<Single, Batch>(adapter: TextFamilyAdapter<Single, Batch>, deps: TextFamilyDeps): Route[] {
  const { backend, meter } = deps;
  const camel = adapter.family.id.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());

  /** Compresses rows (empty ones skipped) and meters them as one request. */
  async function run(
    res: Response,
    body: Single | Batch,
    rows: TextRow[],
    operation: 'single' | 'batch' | 'stream',
    timeoutMs: number,
    onWorkStart?: () => void,
  ) {
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
    const live = rows.map((row, i) => ({ row, i })).filter(({ row }) => row.context);
    const counts = live.length ? await backend.countTokens(live.map(({ row }) => row.context!)) : [];
    const inputTokens = counts.reduce((a, b) => a + b, 0);
    return meter(
      { principal: keyPrincipalOf(res), requestId: String(res.req.id), family: adapter.family.id, model: modelId, operation, inputTokens },
      async () => {
        onWorkStart?.();
        const compressed = live.length
          ? await withTimeout(
              backend.compress(live.map(({ row }, k) => ({ ...options, context: row.context!, query: row.query, originalTokens: counts[k] }))),
              timeoutMs,
              'Compression',
            )
          : [];
        const results: EngineResult[] = rows.map(() => EMPTY);
        live.forEach(({ i }, k) => (results[i] = compressed[k]!));
        const compressedTokens = results.reduce((s, r) => s + r.compressedTokens, 0);
        return { result: results, actual: { originalTokens: inputTokens, compressedTokens, rows: live.length } };
      },
    );
  }

  const single: RequestHandler<Record<string, string>, components['schemas']['CompressionResponse'], Single> = async (req, res) => {
    const started = performance.now();
    const row = adapter.row(req.body);
    const [r] = await run(res, req.body, [row], 'single', deps.requestTimeoutMs);
    const duration = row.context ? Math.round(performance.now() - started) : 0;
    res.json({ success: true, message: null, data: toResult(row, r!, adapter.echoedRatio(req.body), duration) });
  };

  const batch: RequestHandler<Record<string, string>, components['schemas']['BatchResponse'], Batch> = async (req, res) => {
    const started = performance.now();
    const rows = adapter.rows(req.body);
    const results = await run(res, req.body, rows, 'batch', deps.requestTimeoutMs);
    const duration = Math.round(performance.now() - started);
    const ratio = adapter.echoedRatio(req.body);
    const items = results.map((r, i) => toResult(rows[i]!, r, ratio, rows[i]!.context ? duration : 0));
    const data: BatchResult = {
      results: items,
      total_original_tokens: items.reduce((s, x) => s + x.original_tokens, 0),
      total_compressed_tokens: items.reduce((s, x) => s + x.compressed_tokens, 0),
      total_tokens_saved: items.reduce((s, x) => s + x.tokens_saved, 0),
      average_compression_ratio: items.length
        ? Math.round((items.reduce((s, x) => s + x.actual_compression_ratio, 0) / items.length) * 10_000) / 10_000
        : 0,
      count: items.length,
    };
    res.json({ success: true, message: null, data });
  };

  // Everything before the first frame (key, validation, limits, balance) still answers with a
  // status code; once the stream is open, a failure is one `error` frame and the hold is released.
  const stream: RequestHandler<Record<string, string>, unknown, Single> = async (req, res) => {
    const row = adapter.row(req.body);
    let opened = false;
    try {
      const [r] = await run(res, req.body, [row], 'stream', deps.streamTimeoutMs, () => {
        openEventStream(res);
        opened = true;
      });
      if (!opened) openEventStream(res);
      writeEvent(res, { content: r!.compressed, done: true, error: null });
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

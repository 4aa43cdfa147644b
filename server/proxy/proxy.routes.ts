import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import type { ApiKeysService, KeyPrincipal } from '../api-keys/api-keys.service.js';
import { ApiError } from '../http/api-error.js';
import { anthropicSlots } from './anthropic-dialect.js';
import { openAiSlots } from './openai-dialect.js';
import { sendProviderError, type Provider } from './provider-errors.js';
import type { CompressionReport, SlotCompressor } from './slot-compressor.js';
import type { SlottedBody } from './text-slot.js';
import { forwardToUpstream, UpstreamUnreachable } from './upstream.js';

export interface ProxyRoutesDeps {
  /** Upstream origins (PROXY_UPSTREAM_OPENAI, PROXY_UPSTREAM_ANTHROPIC); a provider without one has no route. */
  upstreams: Partial<Record<Provider, string>>;
  /** PROXY_CREMA_KEY: the crema key billed when a request carries no `x-crema-key`. */
  defaultCremaKey?: string | undefined;
  keys: ApiKeysService;
  compress: SlotCompressor;
  /** Budget of the compression step (REQUEST_TIMEOUT_MS); the upstream call itself has none. */
  compressionTimeoutMs: number;
  /** Largest request body (BODY_LIMIT); default 10mb. */
  bodyLimit?: string | undefined;
  stop?: AbortSignal | undefined;
  logger: Logger;
}

const DIALECTS: Record<Provider, { path: string; slots: (body: Record<string, unknown>) => SlottedBody }> = {
  openai: { path: '/v1/chat/completions', slots: openAiSlots },
  anthropic: { path: '/v1/messages', slots: anthropicSlots },
};

/** The savings of one request, as response headers. */
function savingsHeaders(report: CompressionReport, elapsedMs: number): Record<string, string> {
  return {
    'x-crema-original-tokens': String(report.originalTokens),
    'x-crema-compressed-tokens': String(report.compressedTokens),
    'x-crema-compressed-turns': String(report.compressedSlots),
    'x-crema-cache-hits': String(report.cacheHits),
    'x-crema-compression-ms': elapsedMs.toFixed(1),
  };
}

/**
 * The compressing proxy: OpenAI `POST /v1/chat/completions` and Anthropic `POST /v1/messages`. The caller's
 * provider key goes upstream untouched; `x-crema-key` (or PROXY_CREMA_KEY) names the crema account. Slots
 * are compressed (compression-plan.ts) and the answer piped back byte for byte. Mounted before the OpenAPI
 * validator: these routes speak the providers' wire formats.
 */
export function proxyRoutes(deps: ProxyRoutesDeps): Router {
  const router = Router();

  async function principalOf(req: Request): Promise<KeyPrincipal> {
    const given = req.headers['x-crema-key'];
    const key = (typeof given === 'string' ? given.trim() : '') || deps.defaultCremaKey;
    if (!key) throw new ApiError('invalid_api_key', 'No crema key: send it in the x-crema-key header (the provider key stays in its usual header)');
    const principal = await deps.keys.authenticate(key);
    if (principal.key.scope === 'demo') throw new ApiError('scope_error', 'Demo keys cannot use the proxy');
    return principal;
  }

  function handler(provider: Provider, upstream: string): RequestHandler {
    const dialect = DIALECTS[provider];
    return async (req: Request, res: Response) => {
      const started = performance.now();
      const gone = new AbortController();
      res.on('close', () => gone.abort(new Error('client gone')));
      try {
        const body: unknown = req.body;
        if (typeof body !== 'object' || body === null || Array.isArray(body) || !Array.isArray((body as { messages?: unknown }).messages)) {
          sendProviderError(res, provider, 400, 'bad_request', 'The body must be a JSON object with a messages array');
          return;
        }
        const principal = await principalOf(req);
        const slotted = dialect.slots(body as Record<string, unknown>);
        const signals = [gone.signal, AbortSignal.timeout(deps.compressionTimeoutMs), ...(deps.stop ? [deps.stop] : [])];
        const report = await deps.compress(slotted, { principal, requestId: String(req.id), source: `proxy:${provider}`, signal: AbortSignal.any(signals) });
        const url = new URL(upstream.replace(/\/+$/, '') + req.originalUrl);
        await forwardToUpstream(url, JSON.stringify(slotted.body), req.headers, res, savingsHeaders(report, performance.now() - started));
      } catch (err) {
        if (res.headersSent) return;
        if (err instanceof ApiError) {
          sendProviderError(res, provider, err.status, err.code, err.message, err.retryAfter);
        } else if (err instanceof UpstreamUnreachable) {
          sendProviderError(res, provider, 502, 'upstream_unreachable', err.message);
        } else if (err instanceof DOMException && err.name === 'TimeoutError') {
          sendProviderError(res, provider, 504, 'timeout', `Compression took longer than ${deps.compressionTimeoutMs} ms`);
        } else if (gone.signal.aborted) {
          res.destroy();
        } else {
          deps.logger.error({ err }, 'proxy request failed');
          sendProviderError(res, provider, 500, 'internal_error', 'Compression failed');
        }
      }
    };
  }

  const json = express.json({ limit: deps.bodyLimit ?? '10mb' });
  for (const provider of ['openai', 'anthropic'] as const) {
    const upstream = deps.upstreams[provider];
    if (!upstream) continue;
    // A body that is not JSON, or too large, is answered in the provider's shape too.
    const bodyError: ErrorRequestHandler = (err: { type?: string; status?: number; message?: string }, _req, res, next) => {
      if (err.type === 'entity.too.large') sendProviderError(res, provider, 413, 'payload_too_large', `Request body is larger than ${deps.bodyLimit ?? '10mb'}`);
      else if (typeof err.status === 'number' && err.status >= 400 && err.status < 500) sendProviderError(res, provider, 400, 'bad_request', `Request body is not valid JSON: ${err.message ?? ''}`);
      else next(err);
    };
    router.post(DIALECTS[provider].path, json, handler(provider, upstream), bodyError);
  }
  return router;
}

import type { Response } from 'express';

export type Provider = 'openai' | 'anthropic';

// The error `type` each provider documents for a status.
const OPENAI_TYPE: Record<number, string> = { 400: 'invalid_request_error', 401: 'authentication_error', 402: 'insufficient_quota', 403: 'permission_error', 404: 'not_found_error', 413: 'invalid_request_error', 422: 'invalid_request_error', 429: 'rate_limit_error' };
const ANTHROPIC_TYPE: Record<number, string> = { 400: 'invalid_request_error', 401: 'authentication_error', 402: 'billing_error', 403: 'permission_error', 404: 'not_found_error', 413: 'request_too_large', 422: 'invalid_request_error', 429: 'rate_limit_error', 503: 'overloaded_error' };

/**
 * Answers a crema-side error (no crema key, crema's limits or balance, an engine failure, an
 * unreachable upstream) in the provider's own error shape, so the caller's SDK raises its usual
 * error: OpenAI `{error:{message,type,param,code}}`, Anthropic `{type:"error",error:{type,message}}`.
 */
export function sendProviderError(res: Response, provider: Provider, status: number, code: string, message: string, retryAfter?: number | null): void {
  if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
  if (provider === 'openai') {
    res.status(status).json({ error: { message, type: OPENAI_TYPE[status] ?? 'api_error', param: null, code } });
  } else {
    res.status(status).json({ type: 'error', error: { type: ANTHROPIC_TYPE[status] ?? 'api_error', message } });
  }
}

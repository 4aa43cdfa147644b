import { errorCode } from './error-code.js';

/** What a {@link CremaError} is built from. */
export interface CremaErrorInit {
  /** HTTP status; 0 when no response arrived (network failure or a request refused before sending). */
  status: number;
  /**
   * Stable code: the server's `code` (an older server's `budget_exceeded` and
   * `insufficient_balance` read as `api_key_budget_exceeded` and `insufficient_credits`), or a
   * client-side one (`network_error`, `invalid_api_key`, `missing_api_key`, `stream_error`).
   */
  code: string;
  message: string;
  /** Seconds to wait before retrying, from `retry_after` or the `Retry-After` header; null when not given. */
  retryAfter?: number | null;
  detail?: string | null;
  field?: string | null;
  requestId?: string | null;
  /** The parsed error body, as received. */
  body?: unknown;
  cause?: unknown;
}

/**
 * The one error the SDK throws. It reads every error body the service may send: the flat
 * envelope (`{code, error, retry_after}`), the older nested one (`{error: {code, message}}`)
 * and the framework's `{detail}` bodies.
 * @example
 * try { await crema.compress('question-specific', { context, query, compressionModelName: 'latte_v2' }); }
 * catch (err) { if (err instanceof CremaError && err.code === 'insufficient_credits') topUp(); }
 */
export class CremaError extends Error {
  readonly status: number;
  readonly code: string;
  readonly retryAfter: number | null;
  readonly detail: string | null;
  readonly field: string | null;
  readonly requestId: string | null;
  readonly body: unknown;

  constructor(init: CremaErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'CremaError';
    this.status = init.status;
    this.code = init.code;
    this.retryAfter = init.retryAfter ?? null;
    this.detail = init.detail ?? null;
    this.field = init.field ?? null;
    this.requestId = init.requestId ?? null;
    this.body = init.body;
  }

  /** Builds the error for a non-2xx response from its already-parsed body. */
  static fromResponse(response: Response, body: unknown): CremaError {
    const b = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const nested = typeof b['error'] === 'object' && b['error'] !== null ? (b['error'] as Record<string, unknown>) : undefined;
    const code = errorCode(body) ?? fallbackCode(response.status);
    const message =
      (typeof b['error'] === 'string' && b['error']) ||
      (nested && typeof nested['message'] === 'string' && nested['message']) ||
      validationMessage(b['detail']) ||
      (typeof body === 'string' && body) ||
      `HTTP ${response.status}`;
    return new CremaError({
      status: response.status,
      code,
      message,
      retryAfter: retryAfterSeconds(b['retry_after'], response.headers.get('Retry-After')),
      detail: typeof b['detail'] === 'string' ? b['detail'] : null,
      field: typeof b['field'] === 'string' ? b['field'] : null,
      requestId: response.headers.get('X-Request-Id'),
      body,
    });
  }
}

function fallbackCode(status: number): string {
  if (status === 404) return 'not_found';
  if (status === 422) return 'validation_error';
  if (status === 503) return 'service_unavailable';
  if (status >= 500) return 'internal_error';
  return 'http_error';
}

function validationMessage(detail: unknown): string | undefined {
  if (typeof detail === 'string') return detail;
  if (!Array.isArray(detail)) return undefined;
  return detail
    .map((d: { loc?: unknown; msg?: unknown }) => `${Array.isArray(d.loc) ? d.loc.join('.') : '?'}: ${String(d.msg)}`)
    .join('; ');
}

/** Seconds from the body's `retry_after`, else from a `Retry-After` header (delta-seconds or HTTP date). */
export function retryAfterSeconds(fromBody: unknown, header: string | null, now: number = Date.now()): number | null {
  if (typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody >= 0) return fromBody;
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

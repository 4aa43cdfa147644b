import type { components } from '../../generated/schema.js';

/** A stable machine-readable error code from the spec's `ErrorCode` enum. */
export type ErrorCode = components['schemas']['ErrorCode'];
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

/** The one table of code -> HTTP status. A test checks it against the spec's enum. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  validation_error: 422,
  bad_request: 400,
  invalid_api_key: 401,
  expired_api_key: 401,
  authentication_error: 401,
  invalid_credentials: 401,
  scope_error: 403,
  forbidden: 403,
  key_limit_reached: 403,
  https_required: 403,
  // The names the hosted API's SDKs switch on (the spec's changelog maps crema's earlier names to them).
  api_key_budget_exceeded: 402,
  // 429, not 402: the seed says a balance that cannot cover the pre-authorization is a 429 (without Retry-After).
  insufficient_credits: 429,
  daily_limit_exceeded: 429,
  rate_limit_exceeded: 429,
  context_window_exceeded: 422,
  model_not_found: 404,
  not_found: 404,
  email_taken: 409,
  profile_exists: 400,
  account_type_immutable: 400,
  confirmation_mismatch: 400,
  cannot_delete: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  timeout: 504,
  service_unavailable: 503,
  internal_error: 500,
};

export interface ApiErrorOptions {
  detail?: string | null;
  field?: string | null;
  /** Seconds; sent as `retry_after` and the `Retry-After` header. */
  retryAfter?: number | null;
  cause?: unknown;
}

/** The error every handler and service throws; the error middleware turns it into the flat envelope. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string | null;
  readonly field: string | null;
  readonly retryAfter: number | null;

  constructor(code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.detail = options.detail ?? null;
    this.field = options.field ?? null;
    this.retryAfter = options.retryAfter ?? null;
  }

  toEnvelope(): ErrorEnvelope {
    return {
      success: false,
      error: this.message,
      code: this.code,
      detail: this.detail,
      retry_after: this.retryAfter,
      field: this.field,
    };
  }
}

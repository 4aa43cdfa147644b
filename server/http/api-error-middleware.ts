import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { ApiError } from './api-error.js';
import { ClientGoneError } from './cancellable-work.js';
import { dependencyFault } from './dependency-fault.js';
import { toValidationDetail, type ValidatorErrorItem } from './validation-detail.js';

interface HttpishError {
  status?: number;
  type?: string;
  code?: unknown;
  expose?: boolean;
  errors?: ValidatorErrorItem[];
  message?: string;
  path?: string;
}

// SQLSTATE 22021 (character_not_in_repertoire: NUL in text), 22P05 (untranslatable_character).
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A body the JSON parser could not read (bad gzip/deflate data, a length that does not match,
 * an aborted upload): body-parser reports these as exposed 4xx http-errors without the
 * validator's `errors` list.
 */
function isUnreadableBody(e: HttpishError): boolean {
  return e.expose === true && typeof e.status === 'number' && e.status >= 400 && e.status < 500 && e.status !== 413 && !Array.isArray(e.errors) && e.type !== 'entity.parse.failed';
}

/** Seconds a client should wait after a 503 caused by a database or Redis outage. */
const UNAVAILABLE_RETRY_AFTER_S = 5;

/** 404 for every route nobody handled, in the framework's `{detail}` form. */
export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json({ detail: 'Not Found' });
};

/**
 * The one error path. Domain errors become the flat envelope; request-shape problems become
 * FastAPI-style `{detail:[...]}` 422s; anything unknown is logged and becomes a generic 500.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    if (err instanceof ClientGoneError) {
      // Its work was cancelled and its hold released; the socket is gone, so there is no answer to write.
      logger.info({ reqId: req.id }, 'client closed the connection before the answer');
      return;
    }
    if (err instanceof ApiError) {
      if (err.retryAfter !== null) res.setHeader('Retry-After', String(err.retryAfter));
      res.status(err.status).json(err.toEnvelope());
      return;
    }
    const fault = dependencyFault(err);
    if (fault) {
      // An outage, not a bug: the client may retry; one line per request, no stack or client object.
      logger.warn({ reqId: req.id, dependency: fault, reason: err instanceof Error ? err.message : String(err) }, 'dependency unavailable');
      const unavailable = new ApiError('service_unavailable', 'Service temporarily unavailable', {
        detail: fault === 'database' ? 'the database does not answer; retry shortly' : 'the rate-limit store does not answer; retry shortly',
        retryAfter: UNAVAILABLE_RETRY_AFTER_S,
      });
      res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
      res.status(503).json(unavailable.toEnvelope());
      return;
    }
    const e = (err ?? {}) as HttpishError;
    if (e.type === 'entity.parse.failed') {
      res.status(422).json({ detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }] });
      return;
    }
    if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') {
      const unsupported = new ApiError('unsupported_media_type', e.message ? capitalize(e.message) : 'Unsupported media type', {
        detail: e.type === 'charset.unsupported' ? 'send the JSON body as UTF-8' : 'use Content-Encoding identity, gzip, deflate or br',
      });
      res.status(415).json(unsupported.toEnvelope());
      return;
    }
    if (isUnreadableBody(e)) {
      res.status(422).json({ detail: [{ loc: ['body'], msg: `Body could not be read: ${e.message ?? 'decoding failed'}`, type: 'body_decode_error' }] });
      return;
    }
    if (typeof e.code === 'string' && UNSTORABLE_TEXT.has(e.code)) {
      // Backstop for text the database cannot hold (NUL); the spec's patterns catch the usual fields first.
      const invalid = new ApiError('validation_error', 'Text contains a character that cannot be stored (NUL)', { detail: e.message ?? null });
      res.status(422).json(invalid.toEnvelope());
      return;
    }
    if (e.type === 'entity.too.large') {
      const tooLarge = new ApiError('payload_too_large', 'Request body is larger than the limit', {
        detail: e.message ?? null,
      });
      res.status(413).json(tooLarge.toEnvelope());
      return;
    }
    if (e.status === 404 && Array.isArray(e.errors)) {
      res.status(404).json({ detail: 'Not Found' });
      return;
    }
    if (e.status === 405 && Array.isArray(e.errors)) {
      res.status(405).json({ detail: 'Method Not Allowed' });
      return;
    }
    if (e.status === 415 && Array.isArray(e.errors)) {
      res.status(422).json({
        detail: [{ loc: ['body'], msg: 'Expected a JSON body (Content-Type: application/json)', type: 'model_attributes_type' }],
      });
      return;
    }
    const isResponseValidation = Array.isArray(e.errors) && e.errors.some((x) => x.path?.startsWith('/response'));
    if (e.status === 400 && Array.isArray(e.errors) && !isResponseValidation) {
      res.status(422).json({ detail: toValidationDetail(e.errors) });
      return;
    }
    logger.error({ err, reqId: req.id, responseValidation: isResponseValidation }, 'unhandled error');
    const internal = new ApiError('internal_error', 'Internal server error', {
      detail: isResponseValidation ? `response failed validation: ${e.message ?? ''}` : `request id ${String(req.id)}`,
    });
    res.status(500).json(internal.toEnvelope());
  };
}

import type { RequestHandler } from 'express';
import { ApiError } from './api-error.js';

/**
 * Rejects plain HTTP. `req.secure` is true for TLS served here, and for a trusted proxy's
 * `X-Forwarded-Proto: https` when `trust proxy` is configured; any other forwarded header is ignored.
 */
export const requireHttps: RequestHandler = (req, _res, next) => {
  if (req.secure) {
    next();
    return;
  }
  next(new ApiError('https_required', 'Plain HTTP is not supported; use HTTPS'));
};

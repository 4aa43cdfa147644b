import type { RequestHandler, Response } from 'express';
import { ApiError } from '../http/api-error.js';
import type { ApiKeysService, KeyPrincipal } from './api-keys.service.js';

export interface ApiKeyAuthOptions {
  /** Demo-scope keys may call this route (only the single question-specific route). */
  allowDemo: boolean;
}

/**
 * The key middleware of the compression routes: 422 `{detail}` when the header is missing,
 * 401 for a malformed, unknown, revoked or expired key, 403 `scope_error` for a demo key where
 * it is not allowed. Budget and balance are checked exactly when the request is metered.
 */
export function requireApiKey(keys: ApiKeysService, options: ApiKeyAuthOptions): RequestHandler {
  return async (req, res, next) => {
    const value = req.headers['x-api-key'];
    if (typeof value !== 'string') {
      // The validator already answers this on spec routes; kept for routes mounted without it.
      res.status(422).json({ detail: [{ loc: ['header', 'x-api-key'], msg: 'Field required', type: 'missing' }] });
      return;
    }
    const principal = await keys.authenticate(value.trim());
    if (principal.key.scope === 'demo' && !options.allowDemo) {
      throw new ApiError('scope_error', 'Demo keys may only call the single question-specific route');
    }
    res.locals.keyPrincipal = principal;
    next();
  };
}

/** The caller's key; only valid behind `requireApiKey`. */
export function keyPrincipalOf(res: Response): KeyPrincipal {
  const p = res.locals.keyPrincipal;
  if (!p) throw new Error('keyPrincipalOf used on a route without requireApiKey');
  return p;
}

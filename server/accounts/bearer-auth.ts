import type { RequestHandler, Response } from 'express';
import { ApiError } from '../http/api-error.js';
import type { AuthService, Principal } from './auth.service.js';

/** Requires `Authorization: Bearer <session token>`; 401 `authentication_error` otherwise. */
export function requireBearer(auth: AuthService): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new ApiError('authentication_error', 'Bearer session token required');
    const principal = await auth.authenticate(match[1]!);
    if (!principal) throw new ApiError('authentication_error', 'Session is invalid, expired or revoked');
    res.locals.principal = principal;
    next();
  };
}

/** The authenticated caller; only valid behind `requireBearer`. */
export function principalOf(res: Response): Principal {
  const p = res.locals.principal;
  if (!p) throw new Error('principalOf used on a route without requireBearer');
  return p;
}

import type { RequestHandler } from 'express';
import { ApiError } from '../http/api-error.js';
import type { QuotaStore } from './quota.js';

/** A per-client-IP requests-per-minute limit for public routes (429 with Retry-After). */
export function perIpLimit(quotas: QuotaStore, name: string, rpm: number): RequestHandler {
  const quota = quotas.quota(`ip-${name}`, rpm, 60);
  return async (req, _res, next) => {
    const decision = await quota.consume(req.ip ?? 'unknown');
    if (!decision.allowed) {
      throw new ApiError('rate_limit_exceeded', `Rate limit exceeded for ${name}`, {
        detail: `${rpm} requests per minute per IP`,
        retryAfter: decision.retryAfterS,
      });
    }
    next();
  };
}

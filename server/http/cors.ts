import cors from 'cors';
import type { RequestHandler } from 'express';

/**
 * CORS for browser apps on the configured origins (`CORS_ORIGINS`); undefined when none are
 * configured, so by default no CORS headers are sent and browsers keep other origins out.
 * Preflights are answered here (204) before the validator, which knows no OPTIONS operations.
 */
export function corsFor(origins: string[]): RequestHandler | undefined {
  if (origins.length === 0) return undefined;
  return cors({
    origin: origins.includes('*') ? '*' : origins,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', 'X-API-Key', 'Authorization', 'X-Request-Id'],
    exposedHeaders: ['Retry-After', 'X-Request-Id'],
    // keys travel in headers, never cookies
    credentials: false,
    maxAge: 600,
  });
}

/** Which backing service failed: the answer to a request it breaks is 503, not 500. */
export type Dependency = 'database' | 'redis';

// SQLSTATE classes that mean "the server cannot serve you now", not "your query is wrong":
// 08 connection exception, 53 insufficient resources, 57P01-03 shutdown / starting up.
const PG_UNAVAILABLE = /^(08|53|57P0[1-3])/;
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// pg and PGlite report a lost or unusable connection with plain Errors (no code).
const DB_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end on the pool',
  'driver has already been destroyed',
  'PGlite is closed',
];
const REDIS_MESSAGES = ["Stream isn't writeable", 'Connection is closed', 'Reached the max retries per request limit'];

interface Errorish {
  code?: unknown;
  message?: unknown;
  name?: unknown;
  errors?: unknown;
  cause?: unknown;
}

/**
 * The dependency behind an error when it is an outage (connection refused, lost, timed out,
 * server shutting down), else null. Follows `cause` and AggregateError members.
 */
export function dependencyFault(err: unknown, depth = 0): Dependency | null {
  if (!err || typeof err !== 'object' || depth > 4) return null;
  const e = err as Errorish;
  const message = typeof e.message === 'string' ? e.message : '';
  const code = typeof e.code === 'string' ? e.code : '';
  if (e.name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.some((m) => message.includes(m))) return 'redis';
  if (PG_UNAVAILABLE.test(code) || NET_CODES.has(code) || DB_MESSAGES.some((m) => message.includes(m))) return 'database';
  if (Array.isArray(e.errors)) {
    for (const inner of e.errors) {
      const found = dependencyFault(inner, depth + 1);
      if (found) return found;
    }
  }
  return dependencyFault(e.cause, depth + 1);
}

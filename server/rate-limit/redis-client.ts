import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * The Redis client behind shared rate limits. Commands fail fast while disconnected (no offline
 * queue, so the insurance limiter answers instead of a request hanging); ioredis reconnects on
 * its own. Logs the transitions only (lost / back), not every failed reconnect attempt.
 */
export function createRedisClient(url: string, logger: Pick<Logger, 'warn' | 'info'>): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    logger.warn({ reason: err.message }, 'redis unavailable: rate limits fall back to per-replica memory until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    logger.info('redis is back: rate limits are shared again');
  });
  return redis;
}

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

/**
 * Resolves once the client is ready, or after `timeoutMs` (false): limits taken before that would
 * go to the per-replica insurance counters, so a replica starts serving on shared ones.
 */
export function waitForRedis(redis: Redis, timeoutMs = 5_000): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.on('ready', onReady);
  });
}

import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';

/** The outcome of spending points against a fixed-window quota. */
export type QuotaDecision =
  | { allowed: true; remaining: number }
  | { allowed: false; retryAfterS: number };

/** One named quota: `limit` points per `windowS` seconds, per key. */
interface Quota {
  consume(key: string, points?: number): Promise<QuotaDecision>;
  /** Gives points back (when a sibling quota rejected the same request). */
  refund(key: string, points?: number): Promise<void>;
  /** Points spent in the current window (or block) and seconds until it ends; 0 and 0 for an unseen key. Spends nothing. */
  peek(key: string): Promise<{ consumed: number; resetS: number }>;
  /** Forgets the key: its window starts again at the next spend. */
  reset(key: string): Promise<void>;
  /** Rejects the key for `seconds` from now (peek shows more than `limit` spent), whatever its window says. */
  block(key: string, seconds: number): Promise<void>;
}

/** Makes quotas; in memory for one process, in Redis so replicas share counters. */
export interface QuotaStore {
  readonly kind: 'memory' | 'redis';
  quota(name: string, limit: number, windowS: number): Quota;
  /** Whether the shared store answers (always true in memory); false means the insurance counters are in use. */
  healthy(): boolean;
}

/**
 * A QuotaStore over rate-limiter-flexible; pass a Redis client to share counters across replicas.
 * While Redis is unreachable each Redis limiter falls back to an in-memory insurance limiter with
 * the same limits, so limits keep holding per replica (N replicas allow up to N times the limit)
 * instead of every request failing; the shared counters take over again once Redis is back.
 */
export function createQuotaStore(options: { redis?: Redis | undefined; keyPrefix?: string } = {}): QuotaStore {
  const limiters = new Map<string, RateLimiterAbstract>();
  const prefix = options.keyPrefix ?? 'crema';
  const build = (name: string, limit: number, windowS: number): RateLimiterAbstract => {
    const opts = { points: limit, duration: windowS, keyPrefix: `${prefix}:${name}:${limit}:${windowS}` };
    if (!options.redis) return new RateLimiterMemory(opts);
    return new RateLimiterRedis({
      ...opts,
      storeClient: options.redis,
      // Not 'ready' (connecting, reconnecting, closed): go straight to the insurance limiter.
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(opts),
    });
  };
  return {
    kind: options.redis ? 'redis' : 'memory',
    healthy: () => !options.redis || options.redis.status === 'ready',
    quota(name, limit, windowS) {
      const id = `${name}:${limit}:${windowS}`;
      let limiter = limiters.get(id);
      if (!limiter) {
        limiter = build(name, limit, windowS);
        limiters.set(id, limiter);
      }
      const l = limiter;
      return {
        async consume(key, points = 1) {
          try {
            const res = await l.consume(key, points);
            return { allowed: true, remaining: res.remainingPoints };
          } catch (rejection) {
            if (rejection instanceof RateLimiterRes) {
              return { allowed: false, retryAfterS: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
            }
            throw rejection;
          }
        },
        async refund(key, points = 1) {
          await l.reward(key, points);
        },
        async peek(key) {
          const res = await l.get(key);
          return res ? { consumed: res.consumedPoints, resetS: Math.max(0, Math.ceil(res.msBeforeNext / 1000)) } : { consumed: 0, resetS: 0 };
        },
        async reset(key) {
          await l.delete(key);
        },
        async block(key, seconds) {
          await l.block(key, seconds);
        },
      };
    },
  };
}

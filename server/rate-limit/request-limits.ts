import type { ModelId } from '../catalog/families.js';
import { ApiError } from '../http/api-error.js';
import { limitsFor, type Tier } from '../catalog/tiers.js';
import type { QuotaDecision, QuotaStore } from './quota.js';

export interface LimitInput {
  accountId: string;
  apiKeyId: string | null;
  /** The key's optional daily request cap. */
  dailyRequestCap: number | null;
  tier: Tier;
  model: ModelId;
  /** Token volume of the request (a batch counts all its rows). */
  tokens: number;
}

interface Check {
  label: string;
  limit: number;
  windowS: number;
  key: string;
  points: number;
  isKeyCap?: boolean;
}

/**
 * The per-account rpm / tpm / rpd quotas of the caller's tier (per model: latte_v2 runs at
 * twice the rpm and tpm) plus the key's daily cap. A request, batch or not, is one request
 * and its full token volume. When one quota rejects, points already taken from the others are
 * given back, so a rejected request costs nothing.
 */
export function createRequestLimits(quotas: QuotaStore) {
  return {
    /** Spends one request (and its tokens) on every quota, or throws 429; the result gives them back. */
    async enforce(input: LimitInput): Promise<{ refund(): Promise<void> }> {
      const limits = limitsFor(input.tier, input.model);
      const scope = `${input.accountId}:${input.model}`;
      const checks: Check[] = [
        { label: 'requests per minute', limit: limits.rpm, windowS: 60, key: scope, points: 1 },
        { label: 'tokens per minute', limit: limits.tpm, windowS: 60, key: scope, points: input.tokens },
        { label: 'requests per day', limit: limits.rpd, windowS: 86_400, key: scope, points: 1 },
      ];
      if (input.apiKeyId && input.dailyRequestCap !== null) {
        checks.push({ label: 'daily request cap of this API key', limit: input.dailyRequestCap, windowS: 86_400, key: input.apiKeyId, points: 1, isKeyCap: true });
      }
      // Every quota at once (one round trip to Redis, pipelined); when one rejects, all the points
      // are given back (a rejected consume still counts its points), the same end state as
      // stopping at the first rejection.
      const active = checks.filter((c) => c.limit !== -1 && c.points !== 0);
      const quotaOf = (c: Check) => quotas.quota(c.label.replaceAll(' ', '-'), c.limit, c.windowS);
      const refundAll = async () => {
        await Promise.all(active.map((c) => quotaOf(c).refund(c.key, c.points)));
      };
      const decisions = await Promise.allSettled(active.map((c) => quotaOf(c).consume(c.key, c.points)));
      const failed = decisions.find((d) => d.status === 'rejected');
      if (failed) {
        // The store failed (not a limit): give back what the others took, then fail the request.
        await Promise.all(active.map((c, i) => (decisions[i]!.status === 'fulfilled' ? quotaOf(c).refund(c.key, c.points) : undefined))).catch(() => undefined);
        throw failed.reason;
      }
      const refused = active.findIndex((_c, i) => {
        const d = decisions[i] as PromiseFulfilledResult<QuotaDecision>;
        return !d.value.allowed;
      });
      if (refused >= 0) {
        const check = active[refused]!;
        const decision = (decisions[refused] as PromiseFulfilledResult<QuotaDecision & { allowed: false }>).value;
        await refundAll();
        // The key's own cap has the code the hosted API's SDKs give it; the tier quotas are rate limits.
        throw new ApiError(check.isKeyCap ? 'daily_limit_exceeded' : 'rate_limit_exceeded', `Rate limit exceeded: ${check.label}`, {
          detail: check.isKeyCap
            ? `This API key allows ${check.limit} requests per day (its daily request cap)`
            : `${input.tier.display_name} allows ${check.limit} ${check.label}${input.model === 'latte_v2' && check.windowS === 60 ? ' for latte_v2' : ''}`,
          retryAfter: decision.retryAfterS,
        });
      }
      return { refund: refundAll };
    },
  };
}

export type RequestLimits = ReturnType<typeof createRequestLimits>;

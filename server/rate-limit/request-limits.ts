import type { ModelId } from '../compression/families.js';
import { ApiError } from '../http/api-error.js';
import { limitsFor, type Tier } from '../billing/tiers.js';
import type { QuotaStore } from './quota.js';

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
      const taken: Array<{ check: Check }> = [];
      for (const check of checks) {
        if (check.limit === -1 || check.points === 0) continue;
        const quota = quotas.quota(check.label.replaceAll(' ', '-'), check.limit, check.windowS);
        const decision = await quota.consume(check.key, check.points);
        if (!decision.allowed) {
          await quota.refund(check.key, check.points);
          for (const t of taken) {
            await quotas.quota(t.check.label.replaceAll(' ', '-'), t.check.limit, t.check.windowS).refund(t.check.key, t.check.points);
          }
          throw new ApiError('rate_limit_exceeded', `Rate limit exceeded: ${check.label}`, {
            detail: check.isKeyCap
              ? `This API key allows ${check.limit} requests per day (its daily request cap)`
              : `${input.tier.display_name} allows ${check.limit} ${check.label}${input.model === 'latte_v2' && check.windowS === 60 ? ' for latte_v2' : ''}`,
            retryAfter: decision.retryAfterS,
          });
        }
        taken.push({ check });
      }
      return {
        async refund() {
          for (const t of taken) {
            await quotas.quota(t.check.label.replaceAll(' ', '-'), t.check.limit, t.check.windowS).refund(t.check.key, t.check.points);
          }
        },
      };
    },
  };
}

export type RequestLimits = ReturnType<typeof createRequestLimits>;

import type { KeyPrincipal } from '../api-keys/api-keys.service.js';
import type { ModelId } from '../compression/families.js';
import type { RequestLimits } from '../rate-limit/request-limits.js';
import type { TierCache } from './account-tier.js';
import type { Actual, BillingService } from './billing.service.js';

export interface MeteredCall {
  principal: KeyPrincipal;
  requestId: string;
  family: string;
  model: ModelId;
  operation: 'single' | 'batch' | 'stream';
  /** Billable input tokens, counted before the work (empty contexts count 0 and are free). */
  inputTokens: number;
}

/**
 * Runs billable work: rate limits first, then a hold of the worst-case cost, then the work,
 * then settlement of what it actually used; a failure releases the hold.
 * @example
 * const result = await meter(call, async () => ({ result, actual: { originalTokens, compressedTokens, rows } }));
 */
export function createMeter(deps: { billing: BillingService; limits: RequestLimits; tiers: TierCache }) {
  return async function meter<T>(call: MeteredCall, work: () => Promise<{ result: T; actual: Actual }>): Promise<T> {
    const { account, key } = call.principal;
    const tier = await deps.tiers.tierOf(account.id);
    const spent = await deps.limits.enforce({
      accountId: account.id,
      apiKeyId: key.id,
      dailyRequestCap: key.daily_request_cap,
      tier,
      model: call.model,
      tokens: call.inputTokens,
    });
    if (call.inputTokens === 0) {
      // No hold to meet the key's row, so read it here: a key revoked elsewhere does no work.
      await deps.billing.assertKeyLive(account.id, key.id).catch(async (err: unknown) => {
        await spent.refund().catch(() => undefined);
        throw err;
      });
      return (await work()).result;
    }
    let hold: Awaited<ReturnType<BillingService['authorize']>>;
    try {
      hold = await deps.billing.authorize({
        accountId: account.id,
        apiKeyId: key.id,
        requestId: call.requestId,
        family: call.family,
        model: call.model,
        operation: call.operation,
        worstCaseTokens: call.inputTokens,
        keyHasBudget: key.monthly_budget_nusd !== null,
      });
    } catch (err) {
      // Refused before any work (402 budget, 429 balance): it must not use up the key's daily cap or the rpm/tpm.
      await spent.refund().catch(() => undefined);
      throw err;
    }
    let outcome: { result: T; actual: Actual };
    try {
      outcome = await work();
    } catch (err) {
      await deps.billing.release(hold);
      throw err;
    }
    if (await deps.billing.settle(hold, outcome.actual)) deps.tiers.record(account.id, outcome.actual.compressedTokens);
    return outcome.result;
  };
}

export type Meter = ReturnType<typeof createMeter>;

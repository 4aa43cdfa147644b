import type { KeyPrincipal } from '../api-keys/api-keys.service.js';
import type { ModelId } from '../catalog/families.js';
import type { RequestLimits } from '../rate-limit/request-limits.js';
import type { TierCache } from './account-tier.js';
import type { Actual, BillingService, Hold } from './billing.service.js';
import { createRecentRefusals } from './recent-refusals.js';

export interface MeteredCall {
  principal: KeyPrincipal;
  requestId: string;
  family: string;
  model: ModelId;
  operation: 'single' | 'batch' | 'stream';
  /** Billable input tokens, counted before the work (empty contexts count 0 and are free). */
  inputTokens: number;
  /** The request's `source`, stored on its usage row; null or omitted when it sent none. */
  source?: string | null;
}

/** The work a meter runs: `signal` aborts when the hold is refused while the work already runs. */
export type MeteredWork<T> = (signal: AbortSignal) => Promise<{ result: T; actual: Actual }>;

export interface MeterHooks {
  /** Called once the request may be charged (its hold taken, or nothing to hold), before its result: the stream route opens its stream here. */
  onAuthorized?: () => void;
}

export interface MeterOptions {
  billing: BillingService;
  limits: RequestLimits;
  tiers: TierCache;
    /**
     * Take the hold while the work runs (default true), which takes its round trip off the latency
     * (docs/tuning.md, "The hold taken while the engine runs"). A refused hold aborts the work, and the
     * account's requests take their hold first for `refusedForMs`, so a retry loop costs one aborted job.
     */
  overlapHold?: boolean;
  refusedForMs?: number;
}

const NEVER_ABORTED = new AbortController().signal;

/**
 * Runs billable work: rate limits, then a hold of the worst-case cost (beside the work, see `overlapHold`),
 * then settlement of what it used; a failure releases the hold, a refused hold cancels the work and refunds the limits.
 * @example const result = await meter(call, async (signal) => ({ result, actual: { originalTokens, compressedTokens, rows } }));
 */
export function createMeter(deps: MeterOptions) {
  const overlap = deps.overlapHold ?? true;
  const refused = createRecentRefusals(deps.refusedForMs ?? 60_000);

  return async function meter<T>(call: MeteredCall, work: MeteredWork<T>, hooks: MeterHooks = {}): Promise<T> {
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
    // Refused before any result (401, 402, 429 balance, 503): it must not use up the key's daily cap or the rpm/tpm.
    const refuse = async (err: unknown): Promise<never> => {
      refused.add(account.id);
      await spent.refund().catch(() => undefined);
      throw err;
    };
    if (call.inputTokens === 0) {
      // No hold to meet the key's row, so read it here: a key revoked elsewhere does no work.
      await deps.billing.assertKeyLive(account.id, key.id).catch(refuse);
      hooks.onAuthorized?.();
      return (await work(NEVER_ABORTED)).result;
    }
    const authorizing = deps.billing.authorize({
      accountId: account.id,
      apiKeyId: key.id,
      requestId: call.requestId,
      family: call.family,
      model: call.model,
      operation: call.operation,
      worstCaseTokens: call.inputTokens,
      source: call.source ?? null,
      keyHasBudget: key.monthly_budget_nusd !== null,
    });
    let hold: Hold;
    let working: Promise<{ result: T; actual: Actual }>;
    if (overlap && !refused.has(account.id)) {
      const cancel = new AbortController();
      working = work(cancel.signal);
      working.catch(() => undefined); // awaited below, or abandoned with the refused hold
      try {
        hold = await authorizing;
      } catch (err) {
        cancel.abort(err);
        // The engine is free and the concurrency slot still held until the aborted work ends.
        await working.catch(() => undefined);
        return refuse(err);
      }
      hooks.onAuthorized?.();
    } else {
      hold = await authorizing.catch(refuse);
      hooks.onAuthorized?.();
      working = work(NEVER_ABORTED);
    }
    let outcome: { result: T; actual: Actual };
    try {
      outcome = await working;
    } catch (err) {
      await deps.billing.release(hold);
      throw err;
    }
    if (await deps.billing.settle(hold, outcome.actual)) deps.tiers.record(account.id, outcome.actual.compressedTokens);
    return outcome.result;
  };
}

export type Meter = ReturnType<typeof createMeter>;

import { describe, expect, it } from 'vitest';
import type { Actual, AuthorizeInput, Hold } from '../../server/billing/billing.service.js';
import { trackOpenHolds } from '../../server/billing/open-holds.js';

/** A billing double: holds are numbered, settle/release succeed once per hold (like the pending-row check). */
function fakeBilling() {
  let n = 0;
  const finished = new Set<string>();
  const finish = async (hold: Hold) => {
    if (finished.has(hold.usageEventId)) return false;
    finished.add(hold.usageEventId);
    return true;
  };
  return {
    finished,
    authorize: async (input: AuthorizeInput): Promise<Hold> => ({ usageEventId: `h${++n}`, accountId: input.accountId, reservedNusd: 10, model: input.model }),
    settle: (hold: Hold, _actual: Actual) => finish(hold),
    release: (hold: Hold) => finish(hold),
  };
}

const input: AuthorizeInput = { accountId: 'a', apiKeyId: 'k', requestId: 'r', family: 'question-specific', model: 'latte_v2', operation: 'single', worstCaseTokens: 5 };

describe('trackOpenHolds', () => {
  it('knows the holds not yet settled or released, and releases exactly those once', async () => {
    const inner = fakeBilling();
    const billing = trackOpenHolds(inner);
    const settled = await billing.authorize(input);
    const released = await billing.authorize(input);
    const stuck1 = await billing.authorize(input);
    const stuck2 = await billing.authorize(input);
    await billing.settle(settled, { originalTokens: 5, compressedTokens: 2, rows: 1 });
    await billing.release(released);
    expect(billing.openHolds().map((h) => h.usageEventId)).toEqual([stuck1.usageEventId, stuck2.usageEventId]);

    expect(await billing.releaseOpenHolds()).toBe(2);
    expect(billing.openHolds()).toEqual([]);
    expect([...inner.finished].sort()).toEqual(['h1', 'h2', 'h3', 'h4']);
    // A late settle of a released hold writes nothing (the row is no longer pending).
    expect(await billing.settle(stuck1, { originalTokens: 5, compressedTokens: 2, rows: 1 })).toBe(false);
    expect(await billing.releaseOpenHolds()).toBe(0);
  });

  it('keeps a hold whose release failed open, so the stop releases it when the database answers again', async () => {
    const inner = fakeBilling();
    let down = true;
    const billing = trackOpenHolds({ ...inner, release: async (hold: Hold) => (down ? Promise.reject(new Error('database down')) : inner.release(hold)) });
    const hold = await billing.authorize(input);
    await expect(billing.release(hold)).rejects.toThrow('database down');
    expect(billing.openHolds()).toEqual([hold]);
    expect(await billing.releaseOpenHolds()).toBe(0);
    expect(billing.openHolds()).toEqual([hold]);
    down = false;
    expect(await billing.releaseOpenHolds()).toBe(1);
    expect(billing.openHolds()).toEqual([]);
  });
});

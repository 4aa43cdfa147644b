import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { startHoldsSweeper } from '../../server/billing/holds-sweeper.js';
import { bearer, createKey, signup } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';

let nowMs = Date.parse('2030-03-10T12:00:00Z');
const t = useTestApp({}, { now: () => nowMs });
const silent = pino({ level: 'silent' });
const BUDGET_PLUS_GRACE = 180_000;

const balanceUsd = async (token: string) => (await request(t().app).get('/api/profile/me').set(bearer(token))).body.data.balance_usd as number;
const pendingCount = async (accountId: string) =>
  (await t().db.db.selectFrom('usage_events').select('id').where('account_id', '=', accountId).where('status', '=', 'pending').execute()).length;

describe('holds sweeper', () => {
  it('releases a hold left by a crashed request once it is older than budget + grace, exactly once across replicas', async () => {
    const { token, accountId } = await signup(t().app);
    const { id: apiKeyId } = await createKey(t().app, token);
    const before = await balanceUsd(token);
    // The "crash": a hold is taken, then nothing ever settles or releases it.
    await t().services.billing.authorize({
      accountId,
      apiKeyId,
      requestId: 'crashed-request',
      family: 'question-specific',
      model: 'latte_v1',
      operation: 'batch',
      worstCaseTokens: 2_000_000,
    });
    expect(await balanceUsd(token)).toBeCloseTo(before - 0.2, 9);
    expect(await pendingCount(accountId)).toBe(1);

    const replicas = [0, 1, 2].map(() =>
      startHoldsSweeper({ billing: t().services.billing, olderThanMs: BUDGET_PLUS_GRACE, intervalMs: 3_600_000, logger: silent }),
    );
    try {
      nowMs += BUDGET_PLUS_GRACE - 1_000; // still within reach of a live request
      expect(await replicas[0]!.sweepOnce()).toBe(0);
      expect(await pendingCount(accountId)).toBe(1);

      nowMs += 2_000;
      const released = await Promise.all(replicas.map((r) => r.sweepOnce()));
      expect(released.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await pendingCount(accountId)).toBe(0);
      expect(await balanceUsd(token)).toBeCloseTo(before, 9);
      const ledger = await t().db.db.selectFrom('ledger_entries').select('kind').where('account_id', '=', accountId).execute();
      expect(ledger.filter((e) => e.kind === 'release')).toHaveLength(1);
      console.log(`holds sweeper: 1 stale hold ($0.20) released by ${released.filter((n) => n > 0).length} of 3 concurrent sweeps; balance restored`);
    } finally {
      for (const r of replicas) r.stop();
    }
  });

  it('a failed pass (database gone) is logged and does not throw', async () => {
    const warnings: string[] = [];
    const sweeper = startHoldsSweeper({
      billing: { releaseStaleHolds: () => Promise.reject(new Error('Connection terminated unexpectedly')) },
      olderThanMs: 1,
      intervalMs: 3_600_000,
      logger: { warn: (_o: unknown, msg?: string) => void warnings.push(String(msg)) } as never,
    });
    expect(await sweeper.sweepOnce()).toBe(0);
    expect(warnings).toEqual(['holds sweep failed']);
    sweeper.stop();
  });
});

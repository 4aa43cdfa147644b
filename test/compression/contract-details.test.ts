import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { describeBudget, withTimeout } from '../../server/http/with-timeout.js';
import { createKey, signup } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();
const QS = '/api/compress/question-specific/';
const BODY = { context: 'Paris is the capital of France. The weather is mild.', query: 'capital?' };

describe('contract details a new user meets', () => {
  it('dynamic_min_ratio / dynamic_max_ratio are not checked against each other when dynamic is off', async () => {
    const { token } = await signup(t().app);
    const { key } = await createKey(t().app, token);
    const off = await request(t().app)
      .post(QS)
      .set('X-API-Key', key)
      .send({ ...BODY, compression_model_name: 'latte_v2', dynamic_min_ratio: 5, dynamic_max_ratio: 2 });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const on = await request(t().app)
      .post(QS)
      .set('X-API-Key', key)
      .send({ ...BODY, compression_model_name: 'latte_v2', dynamic: true, dynamic_min_ratio: 5, dynamic_max_ratio: 2 });
    expect(on.status).toBe(422);
    expect(on.body).toMatchObject({ code: 'validation_error', field: 'dynamic_max_ratio' });
  });

  it('an unknown model is one detail entry, not two', async () => {
    const { token } = await signup(t().app);
    const { key } = await createKey(t().app, token);
    const res = await request(t().app).post(QS).set('X-API-Key', key).send({ ...BODY, compression_model_name: 'latte_v9' });
    expect(res.status).toBe(422);
    const entries = (res.body.detail as Array<{ loc: unknown[] }>).filter((d) => JSON.stringify(d.loc) === '["body","compression_model_name"]');
    expect(entries).toHaveLength(1);
  });

  it('a request refused with 402 does not use up the key daily request cap; the cap 429 reads plainly', async () => {
    const { token } = await signup(t().app);
    const { key, id } = await createKey(t().app, token, { daily_request_cap: 2 });
    // A budget of one nano-dollar: every request is refused with 402 before any work.
    await t().db.db
      .updateTable('api_keys')
      .set({ monthly_budget_nusd: 1 })
      .where('id', '=', id)
      .execute();
    for (let i = 0; i < 3; i++) {
      const refused = await request(t().app).post(QS).set('X-API-Key', key).send({ ...BODY, compression_model_name: 'latte_v1' });
      expect(refused.status, JSON.stringify(refused.body)).toBe(402);
    }
    await t().db.db.updateTable('api_keys').set({ monthly_budget_nusd: null }).where('id', '=', id).execute();
    for (let i = 0; i < 2; i++) {
      const ok = await request(t().app).post(QS).set('X-API-Key', key).send({ ...BODY, compression_model_name: 'latte_v1' });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    }
    const capped = await request(t().app).post(QS).set('X-API-Key', key).send({ ...BODY, compression_model_name: 'latte_v1' });
    expect(capped.status).toBe(429);
    expect(capped.body.code).toBe('daily_limit_exceeded');
    expect(capped.body.detail).toBe('This API key allows 2 requests per day (its daily request cap)');
  });

  it('a sub-second time budget is named in milliseconds', async () => {
    expect(describeBudget(250)).toBe('250 ms');
    expect(describeBudget(1_500)).toBe('1.5 s');
    expect(describeBudget(60_000)).toBe('60 s');
    await expect(withTimeout(new Promise(() => undefined), 20, 'Compression')).rejects.toThrow('Compression exceeded the 20 ms time budget');
  });
});

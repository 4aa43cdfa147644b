import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { costNanoUsd } from '../../server/catalog/prices.js';
import { countTokens } from '../../server/compression/engine/text/tokens.js';
import { createKey, signup } from '../helpers/accounts.js';
import { useTestApp } from '../helpers/test-app.js';

const t = useTestApp();
const QS = '/api/compress/question-specific/';
const CONTEXT = 'Paris is the capital of France. The weather there is mild in spring. The river is the Seine.';

async function keyed() {
  const { token, accountId } = await signup(t().app);
  const { key } = await createKey(t().app, token);
  return { key, accountId, token };
}

describe('cost bounds', () => {
  it('a query over 8,192 characters is a 422', async () => {
    const { key } = await keyed();
    const res = await request(t().app).post(QS).set('X-API-Key', key).send({ context: CONTEXT, query: 'why '.repeat(2_100), compression_model_name: 'latte_v1' });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'query'], type: 'string_too_long' });
  });

  it("the query's tokens are billed with the context's; the usage row keeps the context's count", async () => {
    const { key, accountId } = await keyed();
    const query = 'Which river flows through the capital, and what is the weather like there in spring? '.repeat(20);
    const res = await request(t().app).post(QS).set('X-API-Key', key).send({ context: CONTEXT, query, compression_model_name: 'latte_v1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await t().db.db.selectFrom('usage_events').selectAll().where('account_id', '=', accountId).execute();
    expect(row!.original_tokens).toBe(countTokens(CONTEXT));
    expect(res.body.data.original_tokens).toBe(countTokens(CONTEXT));
    expect(row!.cost_nusd).toBe(costNanoUsd('latte_v1', countTokens(CONTEXT) + countTokens(query)));
  });

  it('single, batch and stream: the response, the usage row and the ledger charge show the same two figures, and the charge is their price', async () => {
    const { key, accountId, token } = await keyed();
    const query = 'Which river flows through the capital, and what is the weather like there in spring?';
    const qs = '/api/compress/question-specific';
    const single = await request(t().app).post(`${qs}/`).set('X-API-Key', key).send({ context: CONTEXT, query, compression_model_name: 'latte_v1' });
    const inputs = [{ context: CONTEXT, query }, { context: `${CONTEXT} ${CONTEXT}`, query: 'Is it mild?' }, { context: '', query: 'free?' }];
    const batch = await request(t().app).post(`${qs}/batch`).set('X-API-Key', key).send({ inputs, compression_model_name: 'latte_v1' });
    const stream = await request(t().app).post(`${qs}/stream`).set('X-API-Key', key).send({ context: CONTEXT, query, compression_model_name: 'latte_v1' });
    for (const r of [single, batch, stream]) expect(r.status, JSON.stringify(r.body)).toBe(200);

    // What each response reports (a stream's frames carry text only: its row is checked against the counts).
    expect(single.body.data).toMatchObject({ original_tokens: countTokens(CONTEXT), query_tokens: countTokens(query) });
    const rows = batch.body.data.results as Array<{ original_tokens: number; query_tokens: number }>;
    expect(rows.map((r) => r.query_tokens)).toEqual([countTokens(query), countTokens('Is it mild?'), 0]); // an empty row is free, query too
    expect(batch.body.data.total_query_tokens).toBe(countTokens(query) + countTokens('Is it mild?'));
    const reported = {
      single: { original: single.body.data.original_tokens as number, query: single.body.data.query_tokens as number },
      batch: { original: batch.body.data.total_original_tokens as number, query: batch.body.data.total_query_tokens as number },
      stream: { original: countTokens(CONTEXT), query: countTokens(query) },
    };

    const usage = await t().db.db.selectFrom('usage_events').selectAll().where('account_id', '=', accountId).where('status', '=', 'settled').execute();
    const ledger = await request(t().app).get('/api/usage/ledger').set('Authorization', `Bearer ${token}`);
    expect(ledger.status, JSON.stringify(ledger.body)).toBe(200);
    for (const operation of ['single', 'batch', 'stream'] as const) {
      const row = usage.find((u) => u.operation === operation)!;
      expect({ original: row.original_tokens, query: row.query_tokens }, operation).toEqual(reported[operation]);
      expect(row.cost_nusd).toBe(costNanoUsd('latte_v1', reported[operation].original + reported[operation].query));
      const charge = await t().db.db.selectFrom('ledger_entries').select('amount_nusd').where('usage_event_id', '=', row.id).where('kind', '=', 'charge').executeTakeFirstOrThrow();
      expect(-charge.amount_nusd).toBe(row.cost_nusd);
      const entry = (ledger.body.data.entries as Array<{ request_id: string; original_tokens: number; query_tokens: number }>).find((e) => e.request_id === row.request_id);
      expect(entry).toMatchObject({ original_tokens: reported[operation].original, query_tokens: reported[operation].query });
    }
  });

  it('an empty context with a query stays free', async () => {
    const { key, accountId } = await keyed();
    const res = await request(t().app).post(QS).set('X-API-Key', key).send({ context: '', query: 'anything?', compression_model_name: 'latte_v1' });
    expect(res.status).toBe(200);
    expect(await t().db.db.selectFrom('usage_events').selectAll().where('account_id', '=', accountId).execute()).toHaveLength(0);
  });

  it("a context longer than the model's max_context_tokens is a 422 naming the field, not charged", async () => {
    const { key, accountId } = await keyed();
    const huge = 'alpha beta gamma delta epsilon zeta eta theta. '.repeat(13_000); // ~130k tokens > 128,000
    expect(countTokens(huge)).toBeGreaterThan(128_000);
    const single = await request(t().app).post(QS).set('X-API-Key', key).send({ context: huge, query: 'q?', compression_model_name: 'latte_v1' });
    expect(single.status, JSON.stringify(single.body).slice(0, 300)).toBe(422);
    expect(single.body).toMatchObject({ code: 'context_window_exceeded', field: 'context' });
    expect(single.body.detail).toMatch(/max_context_tokens of latte_v1 is 128000/);
    const batch = await request(t().app)
      .post('/api/compress/question-specific/batch')
      .set('X-API-Key', key)
      .send({ inputs: [{ context: CONTEXT, query: 'q?' }, { context: huge, query: 'q?' }], compression_model_name: 'latte_v1' });
    expect(batch.status).toBe(422);
    expect(batch.body).toMatchObject({ code: 'context_window_exceeded', field: 'inputs.1.context' });
    expect(await t().db.db.selectFrom('usage_events').selectAll().where('account_id', '=', accountId).execute()).toHaveLength(0);
  });
});

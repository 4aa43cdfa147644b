import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestSource } from '../../server/compression/request-source.js';
import { createKey, signup } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const CONTEXT = 'Paris is the capital of France.\n\nBerlin is the capital of Germany.\n\nMadrid is the capital of Spain.';
const QUERY = 'What is the capital of France?';

describe('requestSource', () => {
  it.each([
    ['the body field', { source: 'sdk:python', inputs: [{ source: 'sdk:curl' }] }, 'sdk:python'],
    ['the first batch input that names one', { inputs: [{ context: 'a' }, { source: 'gateway:anthropic' }, { source: 'sdk:curl' }] }, 'gateway:anthropic'],
    ['none sent', { context: 'a' }, null],
    ['an explicit null', { source: null }, null],
    ['a body that is not an object', 'text', null],
  ])('%s', (_n, body, expected) => {
    expect(requestSource(body)).toBe(expected);
  });
});

// Through a real compression route: the family route passes the source to the meter, which stores it.
describe('source on the usage row', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;
  beforeAll(async () => {
    t = await startTestApp();
    const account = await signup(t.app);
    accountId = account.accountId;
    key = (await createKey(t.app, account.token)).key;
  });
  afterAll(async () => {
    await t.close();
  });

  const sources = async () =>
    (await t.db.db.selectFrom('usage_events').select(['operation', 'source']).where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute()).map(
      (r) => [r.operation, r.source],
    );

  it('stores the sent source, null when none is sent, on single and batch requests', async () => {
    const post = (path: string, body: object) => request(t.app).post(`/api/compress/question-specific${path}`).set('X-API-Key', key).send(body);
    const one = await post('/', { context: CONTEXT, query: QUERY, compression_model_name: 'latte_v1', source: 'sdk:python' });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect((await post('/', { context: CONTEXT, query: QUERY, compression_model_name: 'latte_v1' })).status).toBe(200);
    const batch = await post('/batch', { inputs: [{ context: CONTEXT, query: QUERY }], compression_model_name: 'latte_v1', source: 'gateway:openai' });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    expect(await sources()).toEqual([
      ['single', 'sdk:python'],
      ['single', null],
      ['batch', 'gateway:openai'],
    ]);
  });

  it('a source that is not name[:detail] is 422 and stores nothing', async () => {
    const before = (await sources()).length;
    const res = await request(t.app)
      .post('/api/compress/question-specific/')
      .set('X-API-Key', key)
      .send({ context: CONTEXT, query: QUERY, compression_model_name: 'latte_v1', source: 'Not A Source' });
    expect(res.status).toBe(422);
    expect((await sources()).length).toBe(before);
  });
});

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, signup } from '../helpers/accounts.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const nowMs = Date.parse('2026-12-03T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { now: () => nowMs });
});
afterAll(async () => {
  await t.close();
});

const cliToken = (token: string | undefined, body?: object) => {
  const r = request(t.app).post('/api/authorize/cli-token');
  if (token !== undefined) r.set(bearer(token));
  return body === undefined ? r : r.send(body);
};
const status = (key: string) => request(t.app).get('/api/gateway/status').set('X-API-Key', key);
const keyList = async (token: string) => (await request(t.app).get('/api/keys').set(bearer(token))).body.data.keys as Array<{ id: string; name: string; status: string }>;

describe('POST /api/authorize/cli-token', () => {
  it("answers the reference's {success, token, message} with a working key named after the host and the day", async () => {
    const { token } = await signup(t.app);
    const res = await cliToken(token, { host: 'dev-laptop' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, token: expect.stringMatching(/^cmp_[A-Za-z0-9]+$/), key_name: 'CLI login dev-laptop 2026-12-03' });
    expect(res.body.message).toContain('CLI login dev-laptop 2026-12-03');
    expect((await status(res.body.token)).status).toBe(200);
    expect(await keyList(token)).toEqual([expect.objectContaining({ id: res.body.key_id, name: 'CLI login dev-laptop 2026-12-03', status: 'ACTIVE' })]);
  });

  it('takes no body at all, as the reference client sends it', async () => {
    const { token } = await signup(t.app);
    const res = await cliToken(token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.key_name).toBe('CLI login unknown host 2026-12-03');
  });

  it("a second login of the same host rotates that host's key; another host's key and a hand-made key stay", async () => {
    const { token } = await signup(t.app);
    const first = (await cliToken(token, { host: 'box-a' })).body;
    const again = await cliToken(token, { host: 'box-a' });
    expect(again.status).toBe(200);
    expect((await status(first.token)).status).toBe(401);
    expect((await status(again.body.token)).status).toBe(200);

    const other = await cliToken(token, { host: 'box-b' });
    expect(other.status).toBe(200);
    expect((await status(again.body.token)).status).toBe(200);
    const statuses = Object.fromEntries((await keyList(token)).map((k) => [k.id, k.status]));
    expect(statuses).toEqual({ [first.key_id]: 'REVOKED', [again.body.key_id]: 'ACTIVE', [other.body.key_id]: 'ACTIVE' });
  });

  it("counts against the tier's key cap: refused with 403 key_limit_reached, and then the host's old key is NOT revoked", async () => {
    const { token } = await signup(t.app);
    // tier 1: two ACTIVE keys
    await createKey(t.app, token, { name: 'ci' });
    const cli = (await cliToken(token, { host: 'box-a' })).body;
    // rotating at the cap works: the old key is revoked before the cap is counted
    const rotated = await cliToken(token, { host: 'box-a' });
    expect(rotated.status).toBe(200);
    expect((await status(cli.token)).status).toBe(401);

    const refused = await cliToken(token, { host: 'box-b' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('key_limit_reached');
    expect((await status(rotated.body.token)).status).toBe(200);
  });

  it('401 without a bearer session, also when an API key is sent instead', async () => {
    expect((await cliToken(undefined, {})).status).toBe(401);
    const { token } = await signup(t.app);
    const { key } = await createKey(t.app, token);
    const res = await request(t.app).post('/api/authorize/cli-token').set('X-API-Key', key).send({});
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('authentication_error');
  });

  it.each([['has a space', 'my laptop'], ['is empty', ''], ['starts with a dot', '.hidden'], ['is too long', 'h'.repeat(65)]])('422 when the host %s', async (_why, host) => {
    const { token } = await signup(t.app);
    const res = await cliToken(token, { host });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'host']);
  });
});

import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bearer, createKey, signup } from '../helpers/accounts.js';
import { startTestApp, TEST_ADMIN_EMAIL, useTestApp } from '../helpers/test-app.js';

const t = useTestApp();
const ESTIMATE = '/api/pricing/estimate-cost';
const estimateBody = JSON.stringify({ compression_model: 'latte_v1', input_tokens: 1000, compression_ratio: 0.5 });

describe('body decoding failures are 4xx of the documented shape', () => {
  it('an unsupported charset is 415 unsupported_media_type', async () => {
    const res = await request(t().app).post(ESTIMATE).set('Content-Type', 'application/json; charset=latin1').send(estimateBody);
    expect(res.status, JSON.stringify(res.body)).toBe(415);
    expect(res.body).toMatchObject({ success: false, code: 'unsupported_media_type' });
  });

  it('an unknown Content-Encoding is 415 unsupported_media_type', async () => {
    const res = await request(t().app).post(ESTIMATE).set('Content-Type', 'application/json').set('Content-Encoding', 'x-snappy').send(estimateBody);
    expect(res.status, JSON.stringify(res.body)).toBe(415);
    expect(res.body.code).toBe('unsupported_media_type');
  });

  it('Content-Encoding: gzip over a body that is not gzip is a 422 body_decode_error', async () => {
    const res = await request(t().app).post(ESTIMATE).set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send(estimateBody);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body'], type: 'body_decode_error' });
  });

  it('a real gzip body is read', async () => {
    // supertest would re-serialize a Buffer as JSON: send the bytes over plain http.
    const server = t().app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}${ESTIMATE}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
        body: gzipSync(Buffer.from(estimateBody)),
      });
      expect(res.status, await res.clone().text()).toBe(200);
    } finally {
      server.close();
    }
  });

  it('a body on a GET is not read, so it cannot fail the request', async () => {
    const res = await request(t().app).get('/api/billing/tiers').set('Content-Type', 'application/json; charset=latin1').send('{broken');
    expect(res.status).toBe(200);
  });
});

describe('control characters in stored or looked-up text are a 422 naming the field', () => {
  it.each([
    ['signup email', '/api/auth/signup', { email: 'a\u0000b@example.com', password: 'correct horse battery' }, 'email'],
    ['login email', '/api/auth/login', { email: 'x\u0000@example.com', password: 'correct horse battery' }, 'email'],
  ])('%s', async (_n, path, body, field) => {
    const res = await request(t().app).post(path).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', field]);
  });

  it('profile display_name, key name and credit note', async () => {
    const admin = await signup(t().app, { email: TEST_ADMIN_EMAIL });
    const other = await signup(t().app);
    const patch = await request(t().app).patch('/api/profile/me').set(bearer(other.token)).send({ display_name: 'Ann\u0000' });
    expect(patch.status, JSON.stringify(patch.body)).toBe(422);
    expect(patch.body.detail[0].loc).toEqual(['body', 'display_name']);
    const key = await request(t().app).post('/api/keys').set(bearer(other.token)).send({ name: 'bell\u0007' });
    expect(key.status).toBe(422);
    expect(key.body.detail[0].loc).toEqual(['body', 'name']);
    const credit = await request(t().app)
      .post(`/api/admin/accounts/${other.accountId}/credits`)
      .set(bearer(admin.token))
      .send({ amount_usd: 1, note: 'in\u0000voice' });
    expect(credit.status).toBe(422);
    expect(credit.body.detail[0].loc).toEqual(['body', 'note']);
  });

  it('tabs and newlines stay allowed', async () => {
    const { token } = await signup(t().app);
    const res = await request(t().app).patch('/api/profile/me').set(bearer(token)).send({ display_name: 'Ann\tLee' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await createKey(t().app, token, { name: 'line one\nline two' })).id).toBeTruthy();
  });
});

describe('responses the spec did not list', () => {
  it('no ETag, so If-None-Match never turns into an undocumented 304', async () => {
    const first = await request(t().app).get('/api/billing/tiers');
    expect(first.headers['etag']).toBeUndefined();
    const again = await request(t().app).get('/api/billing/tiers').set('If-None-Match', '*');
    expect(again.status).toBe(200);
  });

  it('a key id that is not a uuid is a documented 422', async () => {
    const { token } = await signup(t().app);
    const res = await request(t().app).get('/api/keys/not-a-uuid').set(bearer(token));
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['path', 'key_id']);
  });

  it('403 https_required passes response validation on every kind of route', async () => {
    const https = await startTestApp({ requireHttps: true }, { backend: t().backend });
    try {
      for (const path of ['/api/compress/markdown/health', '/api/compress/markdown/models', '/api/billing/tiers', '/api/profile/me']) {
        const res = await request(https.app).get(path);
        expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(403);
        expect(res.body.code).toBe('https_required');
      }
      const post = await request(https.app).post('/api/auth/login').send({ email: 'a@example.com', password: 'x' });
      expect(post.status).toBe(403);
    } finally {
      await https.close();
    }
  });
});

import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginFailed, startLoginCallback, type LoginCallback } from '../../packages/client/src/cli/login-callback.js';

const KEY = `cmp_${'k'.repeat(40)}`;
let open: LoginCallback[] = [];
afterEach(async () => {
  await Promise.all(open.map((c) => c.close()));
  open = [];
});
async function listen(timeoutMs = 30_000): Promise<LoginCallback> {
  const c = await startLoginCallback({ timeoutMs });
  open.push(c);
  return c;
}

/** A GET with chosen headers (fetch would not let the test set Host or Sec-Fetch-*). */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers: { Host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
  });
}
const cb = (c: LoginCallback, params: Record<string, string>) => `/cb?${new URLSearchParams({ state: c.state, ...params }).toString()}`;

describe('the CLI login callback on 127.0.0.1', () => {
  it('listens on loopback with a fresh 64-hex state each time', async () => {
    const [a, b] = [await listen(), await listen()];
    expect(a.state).toMatch(/^[0-9a-f]{64}$/);
    expect(a.state).not.toBe(b.state);
    expect(a.port).not.toBe(b.port);
  });

  it('takes the key from a top-level navigation of another site (the dashboard), then answers 410', async () => {
    const c = await listen();
    const nav = { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' };
    const first = await get(c.port, cb(c, { token: KEY }), nav);
    expect(first.status).toBe(200);
    expect(first.headers['content-security-policy']).toBe("default-src 'none'");
    expect(first.headers['cache-control']).toBe('no-store');
    await expect(c.key).resolves.toBe(KEY);
    expect((await get(c.port, cb(c, { token: KEY }), nav)).status).toBe(410);
  });

  it("refuses another site's script (fetch, img, iframe): 403, and the login goes on", async () => {
    const c = await listen();
    for (const [mode, dest] of [['cors', 'empty'], ['no-cors', 'image'], ['navigate', 'iframe']]) {
      const res = await get(c.port, cb(c, { token: KEY }), { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': mode!, 'Sec-Fetch-Dest': dest! });
      expect(res.status, `${mode} ${dest}`).toBe(403);
    }
    expect((await get(c.port, cb(c, { token: KEY }))).status).toBe(200);
    await expect(c.key).resolves.toBe(KEY);
  });

  it('404 off /cb; a malformed key ends the login with no_token; markup in an error code is not echoed', async () => {
    const c = await listen();
    expect((await get(c.port, '/')).status).toBe(404);
    expect((await get(c.port, cb(c, { token: 'not-a-key' }))).status).toBe(400);
    await expect(c.key).rejects.toMatchObject({ code: 'no_token' });

    const d = await listen();
    const res = await get(d.port, cb(d, { error: '<script>alert(1)</script>' }));
    expect(res.body).not.toContain('<script>');
    const err = await d.key.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LoginFailed);
    expect((err as LoginFailed).code).toBe('unknown_error');
  });

  it('rejects with timeout when nothing arrives', async () => {
    const c = await listen(50);
    await expect(c.key).rejects.toMatchObject({ code: 'timeout', message: 'no approval arrived within 1 s' });
  });
});

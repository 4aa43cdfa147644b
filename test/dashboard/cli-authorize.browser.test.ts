/**
 * The CLI login's approve page in a real browser (Chromium driven by playwright-core): a link
 * from the CLI's own URL builder, sign-in first (the link survives it), the page says who asks
 * for what, Approve mints the key and the browser delivers it to the CLI's real loopback
 * callback; Deny ends the waiting login. Skipped without Chromium (CHROMIUM_PATH).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeUrl } from '../../packages/client/src/cli/browser-login.js';
import { LoginFailed, startLoginCallback } from '../../packages/client/src/cli/login-callback.js';
import { dashboardRouter } from '../../server/dashboard/dashboard-router.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { CHROMIUM, CHROMIUM_ARGS, hasChromium } from '../helpers/chromium.js';


describe.skipIf(!hasChromium)('CLI login approve page in Chromium', () => {
  let t: TestApp;
  let server: http.Server;
  let origin: string;
  let profileDir: string;
  let context: BrowserContext;
  let page: Page;
  const foreign: string[] = [];

  beforeAll(async () => {
    // dist/dashboard is built once for the run by test/global-setup.ts
    t = await startTestApp();
    server = http.createServer(express().use(dashboardRouter()).use(t.app));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    profileDir = mkdtempSync(join(tmpdir(), 'crema-chromium-cli-'));
    context = await chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    // Only the crema server and a loopback callback may be reached.
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.hostname === '127.0.0.1') return route.continue();
      foreign.push(url.href);
      return route.abort();
    });
    page = context.pages()[0] ?? (await context.newPage());
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  });

  it('signing in keeps the link; Approve hands a working key named after the host to the waiting CLI', async () => {
    const callback = await startLoginCallback({ timeoutMs: 60_000 });
    try {
      await page.goto(authorizeUrl(origin, { port: callback.port, state: callback.state, host: 'ci-box' }));
      await expect.poll(() => page.locator('#status').textContent()).toBe('Sign in to approve the crema CLI login.');
      const form = page.locator('form', { has: page.getByRole('heading', { name: 'Sign up' }) });
      await form.getByLabel('Email').fill('cli@example.com');
      await form.getByLabel('Password').fill('correct horse battery');
      await form.getByRole('button', { name: 'Create account' }).click();

      await page.getByRole('heading', { name: 'Approve CLI login', level: 1 }).waitFor();
      const card = await page.locator('main').innerText();
      expect(card).toContain('crema login on ci-box asks for an API key');
      expect(card).toMatch(/CLI login ci-box \d{4}-\d{2}-\d{2}/);
      expect(card).toContain('cli@example.com');
      expect(card).toContain(`http://127.0.0.1:${callback.port}`);

      await page.getByRole('button', { name: 'Approve' }).click();
      const key = await callback.key;
      expect(key).toMatch(/^cmp_[A-Za-z0-9]{40}$/);
      await expect.poll(() => page.locator('h1').textContent()).toBe("You're logged in");
      const status = await request(t.app).get('/api/gateway/status').set('X-API-Key', key);
      expect(status.status).toBe(200);
      expect(status.body.data.account_email).toBe('cli@example.com');
      expect(status.body.data.key.name).toMatch(/^CLI login ci-box \d{4}-\d{2}-\d{2}$/);
    } finally {
      await callback.close();
    }
  });

  it('Deny tells the CLI, which stops waiting; no key is created', async () => {
    const callback = await startLoginCallback({ timeoutMs: 60_000 });
    try {
      // still signed in (sessionStorage of this tab)
      await page.goto(authorizeUrl(origin, { port: callback.port, state: callback.state, host: 'other-box' }));
      await page.getByRole('heading', { name: 'Approve CLI login', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Deny' }).click();
      const failure = await callback.key.then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(LoginFailed);
      expect((failure as LoginFailed).code).toBe('access_denied');
      const login = await request(t.app).post('/api/auth/login').send({ email: 'cli@example.com', password: 'correct horse battery' });
      const keys = await request(t.app).get('/api/keys').set('Authorization', `Bearer ${login.body.data.token}`);
      expect(keys.body.data.keys.map((k: { name: string }) => k.name)).toEqual([expect.stringMatching(/^CLI login ci-box /)]);
    } finally {
      await callback.close();
    }
  });

  it('a malformed link sends nothing anywhere', async () => {
    await page.goto(`${origin}/dashboard/#/authorize?port=80&state=abc`);
    await page.getByRole('heading', { name: 'Approve CLI login', level: 1 }).waitFor();
    expect(await page.locator('main').innerText()).toContain('not a valid crema CLI login link');
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(foreign).toEqual([]);
  });
});

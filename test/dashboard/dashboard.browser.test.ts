/**
 * The dashboard in a real browser (Chromium driven by playwright-core) against a test server
 * with the real engine: sign up, create a key and see it once, compress in the playground and
 * see dropped spans, find the request in the usage chart, revoke the key and get 401 for it.
 * One screenshot per page; `UPDATE_SCREENSHOTS=1` writes them to client/dashboard/screenshots
 * (committed, shown in the README), otherwise to a temporary folder.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { CHROMIUM, CHROMIUM_ARGS, hasChromium } from '../helpers/chromium.js';

if (!hasChromium) console.warn(`dashboard browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);

const SHOTS = process.env['UPDATE_SCREENSHOTS'] ? fileURLToPath(new URL('../../client/dashboard/screenshots/', import.meta.url)) : mkdtempSync(join(tmpdir(), 'crema-shots-'));

describe.skipIf(!hasChromium)('dashboard in Chromium', () => {
  let t: TestApp;
  let server: http.Server;
  let origin: string;
  let profileDir: string;
  let context: BrowserContext;
  let page: Page;
  const foreign: string[] = [];
  const pageErrors: string[] = [];
  let fullKey = '';

  beforeAll(async () => {
    // dist/dashboard is built once for the run by test/global-setup.ts
    t = await startTestApp();
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    profileDir = mkdtempSync(join(tmpdir(), 'crema-chromium-'));
    mkdirSync(SHOTS, { recursive: true });
    context = await chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 900 } });
    // The page needs nothing but the crema server: anything else is recorded and refused.
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(origin) || url.startsWith('data:')) return route.continue();
      foreign.push(url);
      return route.abort();
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (err) => pageErrors.push(err.message));
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  });

  // A failing step prints what the page showed, which says more than a timeout.
  beforeEach(() => {
    onTestFailed(async () => {
      console.error(`page at failure (${page.url()}):\n${await page.locator('body').innerText().catch((e: Error) => e.message)}`);
    });
  });

  const shot = (name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  /** Picks a family and waits until its models and fields have loaded (the form is locked meanwhile). */
  const pickFamily = async (family: string) => {
    await page.getByLabel('Family').selectOption(family);
    await expect.poll(() => page.getByRole('button', { name: 'Compress' }).isEnabled()).toBe(true);
  };
  const nav = (name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true }).click();

  it('/ leads to the sign-in page; signing up opens the overview', async () => {
    await page.goto(`${origin}/`);
    expect(page.url()).toBe(`${origin}/dashboard/`);
    await expect.poll(() => page.getByRole('heading', { name: 'Sign up' }).isVisible()).toBe(true);
    await shot('sign-in');
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Sign up' }) });
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Password').fill('correct horse battery');
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(await page.locator('#balance').textContent()).toBe('$10.00');
    expect(await page.locator('#tier').textContent()).toBe('Tier 1');
    // The session is a bearer token in sessionStorage, never a cookie.
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate('sessionStorage.getItem("crema.session")')).toMatch(/\S{20,}/);
  });

  it('creates a key and shows its full value once, with a warning', async () => {
    await nav('API keys');
    await page.getByRole('heading', { name: 'API keys', level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('browser');
    await page.getByLabel('Monthly budget (USD)').fill('5');
    await page.getByRole('button', { name: 'Create key' }).click();
    const value = page.getByLabel('Full API key');
    await value.waitFor();
    fullKey = await value.inputValue();
    expect(fullKey).toMatch(/^cmp_[A-Za-z0-9]{40}$/);
    expect(await page.locator('#new-key .warning').textContent()).toContain('shown only once');
    const row = page.locator('#keys-table tr', { hasText: 'browser' });
    await expect.poll(() => row.textContent()).toContain('ACTIVE');
    expect(await row.textContent()).toContain('$5.00');
    expect(await row.textContent()).toContain(fullKey.slice(0, 8));
    await shot('keys');
    // Once dismissed, the full value is nowhere on the page, even after listing the keys again.
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await nav('Overview');
    await nav('API keys');
    await expect.poll(() => page.locator('#keys-table tr', { hasText: 'browser' }).count()).toBe(1);
    expect(await page.content()).not.toContain(fullKey);
  });

  it('raises the key budget', async () => {
    await page.getByRole('button', { name: 'Change budget of browser' }).click();
    await page.getByLabel('New monthly budget for browser (USD, empty for none)').fill('20');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#keys-table tr', { hasText: 'browser' }).textContent()).toContain('$20.00');
  });

  it('compresses in the playground with the new key and shows the dropped spans', async () => {
    await nav('Playground');
    await pickFamily('question-specific');
    await page.getByLabel('Model').selectOption('latte_v2');
    expect(await page.getByLabel('API key').inputValue()).toBe(fullKey);
    await page.getByRole('button', { name: 'Compress' }).click();
    await page.locator('#result').waitFor({ timeout: 60_000 });
    const dropped = await page.locator('del.dropped').allTextContents();
    const kept = await page.locator('.marked .kept').allTextContents();
    expect(dropped.join('').trim().length).toBeGreaterThan(0);
    expect(kept.join('')).toContain('1889');
    const original = Number((await page.locator('#r-original').textContent())!.replace(/,/g, ''));
    const compressed = Number((await page.locator('#r-compressed').textContent())!.replace(/,/g, ''));
    expect(original).toBeGreaterThan(compressed);
    expect(await page.locator('#r-duration').textContent()).toMatch(/^\d[\d,]* ms$/);
    expect(await page.locator('#r-cost').textContent()).toMatch(/^\$0\.0000\d+$/);
    await shot('playground');
  });

  it.each([
    ['question-agnostic', 'espresso_v1', 'Context'],
    ['markdown', 'markdown_v1', 'Markdown'],
    ['history', 'hcc_latte_v1', 'Summary of the older turns'],
    ['tool-output', 'toc_latte_v1', 'run_tests'],
    ['tool-discovery', 'tdc_coldbrew_v1', 'Tools'],
  ])('the playground sample of %s compresses through its own route', async (family, model, title) => {
    await pickFamily(family);
    expect(await page.getByLabel('Model').inputValue()).toBe(model);
    await page.getByRole('button', { name: 'Compress' }).click();
    await page.locator('#result').waitFor({ timeout: 60_000 });
    expect(await page.locator('#alert').textContent()).toBe('');
    expect(await page.locator('#result h3').first().textContent()).toBe(title);
    expect(Number((await page.locator('#r-original').textContent())!.replace(/,/g, ''))).toBeGreaterThan(0);
  });

  it('the overview chart and table show the requests, on a narrow screen too', async () => {
    await nav('Overview');
    const today = new Date().toISOString().slice(0, 10);
    const dayChart = page.locator('#chart-day');
    await dayChart.waitFor();
    // The question-specific request plus one per other family.
    expect(await dayChart.getAttribute('aria-label')).toContain('6 requests,');
    expect(await page.locator(`tr[data-group="${today}"] td`).first().textContent()).toBe('6');
    expect(await page.locator('tr[data-group="latte_v2"] td').first().textContent()).toBe('1');
    // The playground names no source: its requests are counted under 'no source'.
    expect(await page.locator('#per-source-title ~ div tr[data-group="none"] th').textContent()).toBe('no source');
    expect(await page.locator('#per-source-title ~ div tr[data-group="none"] td').first().textContent()).toBe('6');
    // Chart.js drew something: the canvas is not blank.
    // (Browser-side code as a string: the suite's TypeScript has no DOM types.)
    const painted = await page.evaluate(`(() => {
      const c = document.getElementById('chart-day');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
      return n;
    })()`);
    expect(painted).toBeGreaterThan(1000);
    expect(await page.locator('#ledger-title ~ div table').textContent()).toContain('latte_v2');
    await shot('overview');
    await page.setViewportSize({ width: 390, height: 844 });
    // Chart.js follows the new width on its next resize observation, hence a poll.
    await expect.poll(() => page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 60_000);

  it('revokes the key after confirmation (Escape cancels), and the API then answers 401', async () => {
    await nav('API keys');
    await page.getByRole('button', { name: 'Revoke browser' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.locator('#keys-table tr', { hasText: 'browser' }).textContent()).toContain('ACTIVE');
    await page.getByRole('button', { name: 'Revoke browser' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await expect.poll(() => page.locator('#keys-table tr', { hasText: 'browser' }).textContent()).toContain('REVOKED');
    const res = await fetch(`${origin}/api/compress/question-specific/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': fullKey },
      body: JSON.stringify({ context: 'Paris is in France.', query: 'Where is Paris?', compression_model_name: 'latte_v2' }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('invalid_api_key');
  });

  it('signs out (the session is gone) and back in', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate('sessionStorage.getItem("crema.session")')).toBeNull();
    // Signing in again with the same account shows the same usage.
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Sign in' }) });
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Password').fill('correct horse battery');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    expect(await page.locator('#chart-day').getAttribute('aria-label')).toContain('6 requests,');
    expect(foreign).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

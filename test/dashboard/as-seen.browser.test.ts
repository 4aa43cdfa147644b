/**
 * The dashboard as a person sees it (issue 51), at a desktop and a phone width, in Chromium
 * against a test server with the real engine: errors appear where the person is looking,
 * results belong to the family on screen, the diff marks whole lines or JSON values, money
 * reads as non-zero when it is, and every action is reachable without scrolling sideways.
 * `UPDATE_SCREENSHOTS=1` writes `<page>-<width>.png` to client/dashboard/screenshots.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { createKey, signup } from '../helpers/accounts.js';
import { CHROMIUM, CHROMIUM_ARGS, hasChromium } from '../helpers/chromium.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const SHOTS = process.env['UPDATE_SCREENSHOTS'] ? fileURLToPath(new URL('../../client/dashboard/screenshots/', import.meta.url)) : mkdtempSync(join(tmpdir(), 'crema-shots-'));

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const LOG_LINES = ['2026-12-03T08:00:01 INFO starting test run', '2026-12-03T08:00:02 INFO test auth: passed', '2026-12-03T08:00:03 INFO test keys: passed', '2026-12-03T08:00:04 ERROR test usage: expected 3 requests, got 2', '2026-12-03T08:00:05 INFO test ledger: passed', '2026-12-03T08:00:06 INFO finished: 4 passed, 1 failed'];
const SEARCH_JSON = JSON.stringify({ results: Array.from({ length: 8 }, (_, i) => ({ id: i, name: `item ${i}`, status: i === 3 ? 'failed' : 'ok', detail: `a longer description of item ${i}, which a reader may not need` })) });

/** Whether the element's box lies wholly inside the page's viewport (what a person sees without scrolling). */
async function inViewport(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const size = page.viewportSize()!;
  return !!box && box.height > 0 && box.y >= 0 && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width;
}

/** Whether the element's box lies within the page's width (reachable by scrolling down only). */
async function withinWidth(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  return !!box && box.x >= 0 && box.x + box.width <= page.viewportSize()!.width;
}

const noSideScroll = (page: Page) => page.evaluate('document.documentElement.scrollWidth <= window.innerWidth') as Promise<boolean>;

describe.skipIf(!hasChromium)('the dashboard as a person sees it', () => {
  let t: TestApp;
  let server: http.Server;
  let origin: string;
  let browser: Browser;
  let account: { token: string; email: string };
  let key = '';

  beforeAll(async () => {
    // dist/dashboard is built once for the run by test/global-setup.ts
    t = await startTestApp();
    server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    mkdirSync(SHOTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    account = await signup(t.app, { email: 'grace@example.com' });
    key = (await createKey(t.app, account.token, { name: 'laptop', monthly_budget_usd: 5 })).key;
    await createKey(t.app, account.token, { name: 'ci-runner with a long name', monthly_budget_usd: 0.00001 });
    // One small charged request: the balance is then a few millionths below $10.
    const charged = await request(t.app).post('/api/compress/question-agnostic/').set('X-API-Key', key).send({ context: 'Revenue rose 12% to $4.2 million. Costs rose 5%, mainly hosting.', compression_model_name: 'espresso_v1' });
    expect(charged.status).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
  });

  describe.each(WIDTHS)('at $name width ($viewport.width px)', ({ name, viewport }) => {
    let context: BrowserContext;
    let page: Page;
    const failures: string[] = [];
    const foreign: string[] = [];

    beforeAll(async () => {
      context = await browser.newContext({ viewport });
      // Signed in as the account made above: the session is the bearer token in sessionStorage.
      await context.addInitScript(`sessionStorage.setItem('crema.session', ${JSON.stringify(account.token)}); sessionStorage.setItem('crema.session.email', ${JSON.stringify(account.email)});`);
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(origin)) return route.continue();
        foreign.push(url);
        return route.abort();
      });
      page = await context.newPage();
      // Any 404 the page itself asks for (a missing favicon included) is a failure of the page.
      page.on('response', (r) => {
        if (r.status() === 404) failures.push(`${r.status()} ${r.url()}`);
      });
      page.on('pageerror', (err) => failures.push(err.message));
    });
    afterAll(() => context?.close());

    /** The whole page, or (`fullPage` false) just what is on screen, as the person sees it now. */
    const shot = (page_: string, fullPage = true) => page.screenshot({ path: join(SHOTS, `${page_}-${name}.png`), fullPage });
    const compressButton = () => page.getByRole('button', { name: 'Compress' });
    const pickFamily = async (family: string) => {
      await page.getByLabel('Family').selectOption(family);
      await expect.poll(() => compressButton().isEnabled()).toBe(true);
    };
    const openPlayground = async () => {
      await page.goto(`${origin}/dashboard/#/playground`);
      await page.getByRole('heading', { name: 'Playground', level: 1 }).waitFor();
      await expect.poll(() => compressButton().isEnabled()).toBe(true);
      await page.getByLabel('API key').fill(key);
    };
    /** Scrolls to Compress as a person would, clicks it and waits for the answer. */
    const compressAndWait = async () => {
      await compressButton().scrollIntoViewIfNeeded();
      await compressButton().click();
      await expect.poll(() => page.locator('#result, #pg-error:not(:empty)').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    };

    it('playground: bad history JSON shows its error in view, next to Compress, and clears the last result', async () => {
      onTestFailed(async () => console.error(await page.locator('body').innerText()));
      await openPlayground();
      await pickFamily('question-agnostic');
      await compressAndWait();
      expect(await page.locator('#result').getAttribute('data-family')).toBe('question-agnostic');
      await pickFamily('history');
      await page.getByLabel('Messages (JSON array of {role, content})').fill('[{"role": "user", "content": "hi"');
      await compressAndWait();
      const error = page.locator('#pg-error');
      expect(await error.textContent()).toMatch(/^Messages are not valid JSON/);
      expect(await error.getAttribute('role')).toBe('alert');
      expect(await inViewport(page, error)).toBe(true);
      expect(await inViewport(page, compressButton())).toBe(true);
      expect(await page.locator('#result').count()).toBe(0);
      await shot('playground-error', false);
    });

    it('playground: a 401 for an unknown key shows in view', async () => {
      await pickFamily('markdown');
      await page.getByLabel('API key').fill(`cmp_${'x'.repeat(40)}`);
      await compressAndWait();
      const error = page.locator('#pg-error');
      expect(await error.textContent()).toContain('[invalid_api_key]');
      expect(await inViewport(page, error)).toBe(true);
      await page.getByLabel('API key').fill(key);
    });

    it('playground: the result shown belongs to the family chosen, also when the family changes mid-request', async () => {
      await pickFamily('question-agnostic');
      // Change family while the request runs: its answer must not appear under the new family.
      const answered = page.waitForResponse((r) => r.url().includes('/api/compress/question-agnostic/'), { timeout: 60_000 });
      await compressButton().click();
      await page.getByLabel('Family').selectOption('markdown');
      expect((await answered).status()).toBe(200);
      await expect.poll(() => compressButton().isEnabled()).toBe(true);
      expect(await page.locator('#result').count()).toBe(0);
      await compressAndWait();
      expect(await page.locator('#result').getAttribute('data-family')).toBe('markdown');
      expect(await page.locator('#result-title').textContent()).toBe('Result: Markdown (structure kept), markdown_v1');
      expect(await page.locator('#result h3').first().textContent()).toBe('Markdown');
      await shot('playground');
      // A new family clears the old result at once.
      await pickFamily('question-specific');
      expect(await page.locator('#result').count()).toBe(0);
    });

    it('tool-output, a log: every line is marked kept or dropped whole', async () => {
      await pickFamily('tool-output');
      await page.getByLabel('Model').selectOption('toc_latte_v1');
      await page.getByLabel('Tool output', { exact: true }).fill(LOG_LINES.join('\n'));
      await compressAndWait();
      const marked = page.locator('.marked[data-unit="lines"]');
      const units = await marked.locator(':scope > *').evaluateAll((els) => els.map((e) => ({ tag: e.tagName, text: e.textContent })));
      expect(units.map((u) => u.text!.replace(/\n$/, ''))).toEqual(LOG_LINES);
      expect(units.map((u) => u.tag)).toContain('DEL');
      expect(units.map((u) => u.tag)).toContain('SPAN');
      // The line that answers the query stays, whole: no digit of a timestamp stands alone.
      expect(units.find((u) => u.text!.includes('ERROR'))!.tag).toBe('SPAN');
      await marked.scrollIntoViewIfNeeded();
      await shot('tool-output-diff');
    });

    it('tool-output, JSON: every value is marked whole, on its own line', async () => {
      await page.getByLabel('Model').selectOption('toc_americano_v1');
      await page.getByLabel('Tool name').fill('search');
      await page.getByLabel('Tool output', { exact: true }).fill(SEARCH_JSON);
      await compressAndWait();
      const marked = page.locator('.marked[data-unit="json"]');
      const lines = (await marked.locator(':scope > *').allTextContents()).map((l) => l.replace(/\n$/, ''));
      expect(lines).toEqual(JSON.stringify(JSON.parse(SEARCH_JSON), null, 2).split('\n'));
      const dropped = (await marked.locator('del').allTextContents()).map((l) => l.trim());
      expect(dropped.length).toBeGreaterThan(0);
      for (const line of dropped) expect(line).toMatch(/^("[a-z_]+": .+|[[\]{}],?)$/);
      await shot('tool-output-json');
    });

    it('overview: the balance and each charge show their digits, the per-model chart has bars, and nothing is 404', async () => {
      await page.goto(`${origin}/dashboard/#/overview`);
      await page.locator('#balance').waitFor();
      const balance = (await page.locator('#balance').textContent())!;
      expect(balance).not.toBe('$10.00');
      expect(balance).toMatch(/^\$9\.99\d{3,}$/);
      const charges = await page.locator('#ledger tbody tr', { hasText: 'charge' }).locator('td.num').allTextContents();
      expect(charges.length).toBeGreaterThan(0);
      for (const amount of charges) {
        expect(amount).toMatch(/^−\$0\.0000\d+$/);
        expect(Number(amount.replace(/[−$]/g, ''))).toBeGreaterThan(0);
      }
      await expect.poll(() => page.locator('#chart-model').getAttribute('data-drawn')).toBe('bar bar bar');
      expect(await page.locator('#chart-day').getAttribute('data-drawn')).toBe('bar bar line');
      expect(await noSideScroll(page)).toBe(true);
      expect((await fetch(`${origin}/favicon.ico`)).status).toBe(200);
      await shot('overview');
      expect(failures).toEqual([]);
      expect(foreign).toEqual([]);
    });

    it('keys: every action is reachable without sideways scrolling, rows stay compact', async () => {
      await page.goto(`${origin}/dashboard/#/keys`);
      const row = page.locator('#keys-table tbody tr', { hasText: 'laptop' });
      await row.waitFor();
      await shot('keys');
      expect(await noSideScroll(page)).toBe(true);
      expect(await page.locator('.table-wrap').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      for (const button of await page.locator('#keys-table button').all()) expect(await withinWidth(page, button), (await button.textContent()) ?? '').toBe(true);
      expect(await page.locator('#keys-table button').count()).toBe(4);
      // Every field of a key is on screen, status included, and the tiny budget is not rounded away.
      for (const cell of await row.locator('td, th').all()) expect(await withinWidth(page, cell)).toBe(true);
      expect(await page.locator('#keys-table tbody tr', { hasText: 'ci-runner' }).textContent()).toContain('$0.00001');
      const heights = await page.locator('#keys-table tbody tr').evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
      for (const height of heights) expect(height).toBeLessThan(name === 'phone' ? 330 : 80);
      // Change budget opens its form within the screen too.
      await page.getByRole('button', { name: 'Change budget of laptop' }).click();
      const input = page.getByLabel('New monthly budget for laptop (USD, empty for none)');
      expect(await withinWidth(page, input)).toBe(true);
      expect(await withinWidth(page, page.getByRole('button', { name: 'Save' }))).toBe(true);
      expect(await noSideScroll(page)).toBe(true);
      expect(failures).toEqual([]);
    });
  });
});

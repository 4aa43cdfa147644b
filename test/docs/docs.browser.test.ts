/**
 * The API docs as a person sees them (issue 51), in Chromium at a desktop and a phone width:
 * Redoc's headings read as text (no literal markup, none empty), every operation shows a
 * request example, and the try-it page (RapiDoc) sends a request with the key typed into its
 * Authentication section to the server that served the page. Nothing is fetched from
 * elsewhere. `UPDATE_SCREENSHOTS=1` writes docs-<width>.png and docs-try-<width>.png to
 * client/dashboard/screenshots.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiKey } from '../helpers/accounts.js';
import { CHROMIUM, CHROMIUM_ARGS, hasChromium } from '../helpers/chromium.js';
import { useListeningApp } from '../helpers/listening-app.js';

const SHOTS = process.env['UPDATE_SCREENSHOTS'] ? fileURLToPath(new URL('../../client/dashboard/screenshots/', import.meta.url)) : mkdtempSync(join(tmpdir(), 'crema-shots-'));
const WIDTHS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const t = useListeningApp();
const key = useApiKey(() => t().app);

describe.skipIf(!hasChromium)('the API docs in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  });
  afterAll(() => browser?.close());

  describe.each(WIDTHS)('at $name width', ({ name, viewport }) => {
    let page: Page;
    const foreign: string[] = [];
    const failed: string[] = [];
    beforeAll(async () => {
      const context = await browser.newContext({ viewport });
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(t().baseUrl) || url.startsWith('blob:') || url.startsWith('data:')) return route.continue();
        foreign.push(url);
        return route.abort();
      });
      page = await context.newPage();
      page.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      });
    });
    afterAll(() => page?.context().close());

    it('Redoc: headings are plain text, none empty, and the batch routes show a request example', async () => {
      await page.goto(`${t().baseUrl}/docs`);
      await page.locator('#redoc h1').first().waitFor({ timeout: 60_000 });
      const headings = await page.locator('#redoc h1, #redoc h2, #redoc h3').allTextContents();
      expect(headings.length).toBeGreaterThan(60);
      for (const heading of headings) {
        expect(heading.trim(), 'an empty heading').not.toBe('');
        expect(heading).not.toMatch(/<\/?code>|`/);
      }
      expect(headings.filter((h) => h.trim() === 'Compression families')).toHaveLength(1);
      expect(headings).toContain('Ratio rules');
      // Redoc shows a request sample for each operation with a body: the batch routes' included.
      const batch = page.locator('[id="tag/history/operation/historyBatch"]');
      expect(await batch.textContent()).toContain('"inputs"');
      expect(await batch.textContent()).toContain('hcc_espresso_v1');
      // The servers shown are the ones this page came from, not the file's localhost:8080.
      expect(await page.locator('#redoc').textContent()).not.toContain('localhost:8080');
      await page.screenshot({ path: join(SHOTS, `docs-${name}.png`) });
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    }, 60_000);

    it('RapiDoc: the key entered under Authentication is sent with a request tried from the page', async () => {
      await page.goto(`${t().baseUrl}/docs/try`);
      const operation = page.locator('rapi-doc [id="post-/api/compress/question-specific/"]');
      // On a desktop the sections are reached from the navigation; a phone scrolls one long page.
      if (name === 'desktop') await page.locator('rapi-doc #link-auth').click();
      const keyInput = page.locator('#apiKey-ApiKeyHeader-api-key-input');
      await keyInput.fill(key());
      await keyInput.locator('xpath=following-sibling::button').click();
      if (name === 'desktop') await page.locator('rapi-doc [id="link-post-/api/compress/question-specific/"]').click();
      const sent = page.waitForRequest((r) => r.url() === `${t().baseUrl}/api/compress/question-specific/` && r.method() === 'POST', { timeout: 30_000 });
      const answered = page.waitForResponse((r) => r.url() === `${t().baseUrl}/api/compress/question-specific/`, { timeout: 60_000 });
      await operation.locator('button', { hasText: /^TRY$/ }).first().click();
      expect((await sent).headers()['x-api-key']).toBe(key());
      const response = await answered;
      expect(response.status(), await response.text()).toBe(200);
      // The example request went out (the latte_v1 example, not a body made from schema defaults) and its answer shows.
      expect(JSON.parse((await sent).postData() ?? '{}')).toMatchObject({ compression_model_name: 'latte_v1', query: 'In what country is Normandy located?' });
      const { data } = (await response.json()) as { data: { compressed_context: string; original_tokens: number; compressed_tokens: number } };
      expect(data.compressed_tokens).toBeLessThan(data.original_tokens);
      await expect.poll(() => operation.getByText(data.compressed_context).count()).toBeGreaterThan(0);
      await operation.locator('button', { hasText: /^TRY$/ }).first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `docs-try-${name}.png`) });
      expect(foreign).toEqual([]);
      expect(failed).toEqual([]);
    }, 90_000);
  });
});

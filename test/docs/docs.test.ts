import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildDocs } from '../../scripts/build-docs.js';
import { useTestApp } from '../helpers/test-app.js';

const specText = await readFile(new URL('../../openapi.yaml', import.meta.url), 'utf8');
const spec = parse(specText) as { paths: Record<string, Record<string, { operationId?: string }>> };
const operationIds = Object.values(spec.paths).flatMap((item) => Object.values(item).flatMap((op) => (op?.operationId ? [op.operationId] : [])));
const t = useTestApp();

/** The spec a page hands to Redoc (embedded as JSON in a script tag). */
function embeddedSpec(html: string): typeof spec {
  const m = /<script type="application\/json" id="openapi-spec">([\s\S]*?)<\/script>/.exec(html);
  expect(m, 'the page embeds the spec').not.toBeNull();
  return JSON.parse(m![1]!) as typeof spec;
}

// What is checked: the page carries the whole spec for Redoc and loads the bundle next to it.
// Redoc renders in the browser; no browser runs in these tests, so the rendered DOM is not.
describe('API docs', () => {
  it('npm run docs writes one HTML page whose embedded spec has every operationId, plus the Redoc bundle', async () => {
    const out = await mkdtemp(join(tmpdir(), 'crema-docs-'));
    await buildDocs(out);
    const html = await readFile(join(out, 'index.html'), 'utf8');
    expect(html).toContain('<script src="redoc.standalone.js"></script>');
    expect(html).not.toMatch(/(src|href)="https?:/); // nothing fetched from a CDN
    const embedded = embeddedSpec(html);
    expect(embedded).toEqual(spec);
    for (const id of operationIds) expect(html, id).toContain(`"operationId":"${id}"`);
    expect(operationIds.length).toBeGreaterThan(40); // the loop above really ran over the spec
    expect((await stat(join(out, 'redoc.standalone.js'))).size).toBeGreaterThan(500_000);
    expect(await readFile(join(out, 'openapi.yaml'), 'utf8')).toBe(specText);
  });

  it('serves /docs with the bundle from node_modules, /openapi.json and /openapi.yaml', async () => {
    const page = await request(t().app).get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<script src="/docs/redoc.standalone.js"></script>');
    for (const id of operationIds) expect(page.text, id).toContain(`"operationId":"${id}"`);

    const bundle = await request(t().app).get('/docs/redoc.standalone.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect(Number(bundle.headers['content-length'])).toBeGreaterThan(500_000);

    const json = await request(t().app).get('/openapi.json');
    expect(json.status).toBe(200);
    expect(json.body).toEqual(spec);

    const yaml = await request(t().app).get('/openapi.yaml');
    expect(yaml.status).toBe(200);
    expect(yaml.headers['content-type']).toMatch(/yaml/);
    expect(yaml.text).toBe(specText);
  });
});

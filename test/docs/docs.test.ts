import { createRequire } from 'node:module';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { Ajv2020 } from 'ajv/dist/2020.js';
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

    const json = await request(t().app).get('/openapi.json').set('Host', 'crema.example:9123');
    expect(json.status).toBe(200);
    // servers name the host and port the request came to, not the file's localhost:8080
    expect(json.body).toEqual({ ...spec, servers: [{ url: 'http://crema.example:9123', description: 'This crema server' }] });
    const forged = await request(t().app).get('/openapi.json').set('Host', 'evil.example/"><script>');
    expect(forged.body.servers).toEqual((spec as unknown as { servers: unknown }).servers);

    const yaml = await request(t().app).get('/openapi.yaml');
    expect(yaml.status).toBe(200);
    expect(yaml.headers['content-type']).toMatch(/yaml/);
    expect(yaml.text).toBe(specText);
  });

  it('serves the try-it page (RapiDoc from node_modules) sending to the host that served it, and no page loads from elsewhere', async () => {
    const page = await request(t().app).get('/docs/try').set('Host', '127.0.0.1:4321');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<script type="module" src="/docs/rapidoc-min.js"></script>');
    expect(page.text).toContain('server-url="http://127.0.0.1:4321"');
    expect(page.text).toContain('spec-url="/docs/try/openapi.json"');
    expect(page.text).not.toMatch(/(src|href)="https?:/);
    for (const path of ['/docs', '/docs/try']) expect((await request(t().app).get(path)).headers['content-security-policy']).toMatch(/font-src 'self'/);
    const bundle = await request(t().app).get('/docs/rapidoc-min.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    // RapiDoc's copy names each example, the form RapiDoc fills a try-it body from.
    const trySpec = await request(t().app).get('/docs/try/openapi.json');
    const media = trySpec.body.paths['/api/compress/history/batch'].post.requestBody.content['application/json'];
    expect(media.example).toBeUndefined();
    expect(media.examples.example.value).toEqual((spec.paths['/api/compress/history/batch']!['post'] as unknown as { requestBody: { content: Record<string, { example: unknown }> } }).requestBody.content['application/json']!.example);
  });
});

describe('examples in openapi.yaml', () => {
  // ajv-formats is CommonJS with a default export only.
  const addFormats = createRequire(import.meta.url)('ajv-formats') as (ajv: Ajv2020) => void;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(parse(specText) as object, 'crema');
  type Media = { schema?: { $ref?: string }; example?: unknown };
  type Op = { operationId: string; requestBody?: { content: Record<string, Media> }; responses: Record<string, { $ref?: string; content?: Record<string, Media> }> };
  const full = parse(specText) as { paths: Record<string, Record<string, Op>>; components: { responses: Record<string, { content?: Record<string, Media> }> } };
  const ops = Object.entries(full.paths).flatMap(([path, item]) => Object.entries(item).filter(([, op]) => op?.operationId).map(([method, op]) => ({ path, method, op })));
  const errorsOf = (media: Media, value: unknown) => {
    const validate = ajv.compile({ $ref: `crema${media.schema!.$ref}` });
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };

  it.each(ops.filter(({ op }) => op.requestBody?.content['application/json']).map(({ path, method, op }) => [op.operationId, `${method.toUpperCase()} ${path}`, op] as const))(
    '%s (%s) has a request example that fits its schema',
    (_id, _route, op) => {
      const media = op.requestBody!.content['application/json']!;
      expect(media.example, 'no request example').toBeDefined();
      expect(errorsOf(media, media.example)).toEqual([]);
    },
  );

  it.each(ops.filter(({ path, method }) => method === 'post' && path.startsWith('/api/compress/') && !path.endsWith('/stream')).map(({ op }) => [op.operationId, op] as const))(
    '%s has a 200 sample that fits its schema',
    (_id, op) => {
      const ref = op.responses['200']!.$ref!.split('/').at(-1)!;
      const media = full.components.responses[ref]!.content!['application/json']!;
      expect(media.example, `no example in components/responses/${ref}`).toBeDefined();
      expect(errorsOf(media, media.example)).toEqual([]);
    },
  );
});

import { Router, type Request } from 'express';
import { fileURLToPath } from 'node:url';
import { loadSpec, SPEC_PATH } from '../project/openapi-spec.js';
import { withNamedExamples } from './named-examples.js';
import { RAPIDOC_BUNDLE, REDOC_BUNDLE, renderDocsPage, renderTryPage } from './docs-page.js';

// A Host header is the client's own text: only a host name or address and a port are echoed back.
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

// The pages load only this server's files: Redoc's footer logo and RapiDoc's web fonts would
// otherwise be fetched from the internet (and fail offline). Redoc starts from an inline script
// and runs its search in a blob: worker; both style with inline styles.
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** `http(s)://host:port` as the request reached this server (behind a proxy: what `trust proxy` allows). */
function requestOrigin(req: Request): string | undefined {
  const host = req.get('host');
  return host && HOST.test(host) ? `${req.protocol}://${host}` : undefined;
}

/**
 * `GET /openapi.yaml`, `/openapi.json`, `/docs` (Redoc) and `/docs/try` (RapiDoc, spec at
 * `/docs/try/openapi.json`), mounted before the validator: they describe the API, not belong to it. The
 * served spec and pages name the server they came from in `servers`, so a try-it request goes there.
 */
export function docsRoutes(): Router {
  const router = Router();
  // Parsed on first use: most apps (every test app) never serve them.
  let spec: Record<string, unknown> | undefined;
  const specFor = (req: Request) => {
    spec ??= loadSpec() as unknown as Record<string, unknown>;
    const origin = requestOrigin(req);
    return origin ? { ...spec, servers: [{ url: origin, description: 'This crema server' }] } : spec;
  };
  router.get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').sendFile(fileURLToPath(SPEC_PATH));
  });
  router.get('/openapi.json', (req, res) => {
    res.json(specFor(req));
  });
  // The try-it page's copy: examples named, as RapiDoc reads them.
  router.get('/docs/try/openapi.json', (req, res) => {
    res.json(withNamedExamples(specFor(req)));
  });
  router.get('/docs', (req, res) => {
    res.set('Content-Security-Policy', DOCS_CSP).type('html').send(renderDocsPage(specFor(req), '/docs/redoc.standalone.js', '/docs/try'));
  });
  router.get('/docs/try', (req, res) => {
    res.set('Content-Security-Policy', DOCS_CSP).type('html').send(renderTryPage({ bundleSrc: '/docs/rapidoc-min.js', specUrl: '/docs/try/openapi.json', serverUrl: requestOrigin(req), referenceHref: '/docs' }));
  });
  router.get('/docs/redoc.standalone.js', (_req, res) => {
    res.type('application/javascript').sendFile(REDOC_BUNDLE, { maxAge: '1d' });
  });
  router.get('/docs/rapidoc-min.js', (_req, res) => {
    res.type('application/javascript').sendFile(RAPIDOC_BUNDLE, { maxAge: '1d' });
  });
  return router;
}

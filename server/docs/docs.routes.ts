import { Router } from 'express';
import { loadSpec, SPEC_PATH } from '../openapi-spec.js';
import { fileURLToPath } from 'node:url';
import { REDOC_BUNDLE, renderDocsPage } from './docs-page.js';

/**
 * `GET /openapi.yaml`, `/openapi.json` and `/docs` (Redoc). Mounted before the OpenAPI
 * validator on purpose: they describe the API rather than belong to it, so they are not
 * operations of the spec (and the contract tests keep comparing only the API's routes).
 */
export function docsRoutes(): Router {
  const router = Router();
  // built on first use: most apps (every test app) never serve them
  let spec: object | undefined;
  let page: string | undefined;
  router.get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').sendFile(fileURLToPath(SPEC_PATH));
  });
  router.get('/openapi.json', (_req, res) => {
    spec ??= loadSpec();
    res.json(spec);
  });
  router.get('/docs', (_req, res) => {
    page ??= renderDocsPage((spec ??= loadSpec()), '/docs/redoc.standalone.js');
    res.type('html').send(page);
  });
  router.get('/docs/redoc.standalone.js', (_req, res) => {
    res.type('application/javascript').sendFile(REDOC_BUNDLE, { maxAge: '1d' });
  });
  return router;
}

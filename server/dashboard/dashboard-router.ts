import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type RequestHandler, type Router } from 'express';
import { DASHBOARD_DIR } from './dashboard-dir.js';
import { FAVICON_SVG } from './favicon.js';

// The page talks only to this server; nothing else may load, run or be framed.
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Chart.js sizes its canvas through inline style attributes.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

const securityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', CSP);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  next();
};

/**
 * The dashboard's static files at /dashboard/ and a redirect from / to it for browsers. Mounted before the
 * OpenAPI validator: these are files, not API operations, so they are not in openapi.yaml.
 * When the build is missing (the server was started without `npm start`), /dashboard/ answers
 * 503 with the command that builds it.
 */
export function dashboardRouter(dir: string = DASHBOARD_DIR): Router {
  const router = express.Router({ strict: true });
  // A browser (prefers HTML) goes to the dashboard; API clients fall through to the JSON root.
  router.get('/', (req, res, next) => (req.accepts(['json', 'html']) === 'html' ? res.redirect(302, '/dashboard/') : next()));
  router.get('/dashboard', (_req, res) => res.redirect(301, '/dashboard/'));
  router.get(['/favicon.ico', '/favicon.svg'], (_req, res) => res.type('image/svg+xml').set('Cache-Control', 'public, max-age=86400').send(FAVICON_SVG));
  router.use('/dashboard/', securityHeaders, express.static(dir, { index: 'index.html', redirect: false, maxAge: 0 }));
  router.get('/dashboard/', (_req, res) => {
    if (existsSync(join(dir, 'index.html'))) return res.sendFile(join(dir, 'index.html'));
    res.status(503).type('text/plain').send('The dashboard is not built: run `npm run build:dashboard` (npm start does it).\n');
  });
  return router;
}

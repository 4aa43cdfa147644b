import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** The Redoc standalone bundle from npm, served and copied locally (no CDN: machines may be offline). */
export const REDOC_BUNDLE = require.resolve('redoc/bundles/redoc.standalone.js');
/** The RapiDoc bundle from npm: the try-it page, served locally like Redoc. */
export const RAPIDOC_BUNDLE = require.resolve('rapidoc/dist/rapidoc-min.js');

/** JSON that can sit inside a `<script>`: `<`, `>` and `&` (found only inside strings) escaped, so no text closes the script. */
const safeJson = (value: unknown) => JSON.stringify(value).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const HEAD = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">`;

/**
 * The API reference page: Redoc rendering the spec, which is embedded as JSON so the page
 * needs nothing but the bundle next to it, with a link to the try-it page (`tryHref`).
 */
export function renderDocsPage(spec: object, bundleSrc: string, tryHref: string): string {
  return `${HEAD('crema API reference')}
<style>
body { margin: 0; }
.docs-bar { display: flex; gap: 1rem; align-items: center; padding: 0.5rem 1rem; background: #2f5597; color: #fff; font: 15px system-ui, sans-serif; }
.docs-bar a { color: #fff; }
</style>
</head>
<body>
<nav class="docs-bar" aria-label="API docs"><strong>crema API</strong><a href="${escapeAttr(tryHref)}">Try requests with your API key</a></nav>
<div id="redoc"></div>
<script type="application/json" id="openapi-spec">${safeJson(spec)}</script>
<script src="${escapeAttr(bundleSrc)}"></script>
<script>
  Redoc.init(JSON.parse(document.getElementById('openapi-spec').textContent), { expandResponses: '200,201' }, document.getElementById('redoc'));
</script>
</body>
</html>
`;
}

/**
 * The try-it page: RapiDoc reading the spec from `specUrl`, sending to `serverUrl` (the origin
 * the page was served from; omitted, the spec's `servers`) with the key entered under
 * Authentication. System fonts only: the bundle's web fonts would be fetched from the internet.
 */
export function renderTryPage(options: { bundleSrc: string; specUrl: string; serverUrl?: string; referenceHref: string }): string {
  const server = options.serverUrl ? ` server-url="${escapeAttr(options.serverUrl)}" default-api-server="${escapeAttr(options.serverUrl)}"` : '';
  return `${HEAD('Try the crema API')}
<style>body { margin: 0; } rapi-doc { height: 100vh; }</style>
<script type="module" src="${escapeAttr(options.bundleSrc)}"></script>
</head>
<body>
<rapi-doc spec-url="${escapeAttr(options.specUrl)}"${server}
  layout="column" theme="light" primary-color="#2f5597" nav-bg-color="#f6f8fa"
  show-header="false" allow-server-selection="false" allow-authentication="true" allow-try="true"
  allow-spec-url-load="false" allow-spec-file-load="false" persist-auth="false"
  regular-font="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" mono-font="ui-monospace, Menlo, Consolas, monospace">
  <div slot="nav-logo" style="padding: 0.5rem 1rem"><a href="${escapeAttr(options.referenceHref)}">Full API reference</a></div>
</rapi-doc>
<script>
  // RapiDoc hides its navigation on a narrow screen, which leaves the focused view stuck on the
  // overview: a phone gets every section on one scrolling page instead.
  document.querySelector('rapi-doc').setAttribute('render-style', matchMedia('(max-width: 767px)').matches ? 'read' : 'focused');
</script>
</body>
</html>
`;
}

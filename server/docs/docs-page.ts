import { createRequire } from 'node:module';

/** The Redoc standalone bundle from npm, served and copied locally (no CDN: machines may be offline). */
export const REDOC_BUNDLE = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

/**
 * The API reference page: Redoc rendering the spec, which is embedded as JSON so the page
 * needs nothing but the bundle next to it. `<` is escaped so no spec text can close the script.
 */
export function renderDocsPage(spec: object, bundleSrc: string): string {
  const json = JSON.stringify(spec).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>crema API reference</title>
<style>body { margin: 0; }</style>
</head>
<body>
<div id="redoc"></div>
<script type="application/json" id="openapi-spec">${json}</script>
<script src="${bundleSrc}"></script>
<script>
  Redoc.init(JSON.parse(document.getElementById('openapi-spec').textContent), { expandResponses: '200,201' }, document.getElementById('redoc'));
</script>
</body>
</html>
`;
}

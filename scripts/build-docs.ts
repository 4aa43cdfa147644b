/**
 * `npm run docs [-- OUT_DIR]`: writes the API reference as a static site for publishing:
 * index.html (Redoc, spec embedded), try.html (RapiDoc, reads try-openapi.json and sends to
 * the spec's `servers`), both bundles beside them, and the spec as openapi.yaml and openapi.json.
 * Default folder: dist/docs.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RAPIDOC_BUNDLE, REDOC_BUNDLE, renderDocsPage, renderTryPage } from '../server/docs/docs-page.js';
import { loadSpec, SPEC_PATH } from '../server/project/openapi-spec.js';
import { withNamedExamples } from '../server/docs/named-examples.js';

export async function buildDocs(outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const spec = loadSpec();
  await writeFile(join(outDir, 'index.html'), renderDocsPage(spec, 'redoc.standalone.js', 'try.html'));
  await writeFile(join(outDir, 'try.html'), renderTryPage({ bundleSrc: 'rapidoc-min.js', specUrl: 'try-openapi.json', referenceHref: 'index.html' }));
  await writeFile(join(outDir, 'try-openapi.json'), `${JSON.stringify(withNamedExamples(spec), null, 2)}\n`);
  await copyFile(REDOC_BUNDLE, join(outDir, 'redoc.standalone.js'));
  await copyFile(RAPIDOC_BUNDLE, join(outDir, 'rapidoc-min.js'));
  await copyFile(fileURLToPath(SPEC_PATH), join(outDir, 'openapi.yaml'));
  await writeFile(join(outDir, 'openapi.json'), `${JSON.stringify(spec, null, 2)}\n`);
  return ['index.html', 'try.html', 'try-openapi.json', 'redoc.standalone.js', 'rapidoc-min.js', 'openapi.yaml', 'openapi.json'];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = resolve(process.argv[2] ?? 'dist/docs');
  const files = await buildDocs(out);
  console.log(`wrote ${files.join(', ')} to ${out}`);
}

/**
 * Generates `generated/schema.d.ts` from `openapi.yaml` (openapi-typescript), and the same file
 * inside the client package (packages/client/src/generated), which is published on its own.
 * `--check` writes nothing and exits 1 when a committed copy is stale (CI drift check).
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const root = new URL('../', import.meta.url);
const rootPath = fileURLToPath(root);
export const specUrl = new URL('openapi.yaml', root);
export const schemaFile = fileURLToPath(new URL('generated/schema.d.ts', root));
export const clientSchemaFile = fileURLToPath(new URL('packages/client/src/generated/schema.d.ts', root));
/** Every committed copy of the generated types. */
export const schemaFiles = [schemaFile, clientSchemaFile];

const BANNER = '// Generated from openapi.yaml by `npm run generate`. Do not edit by hand.\n';

/** Renders the TypeScript types for the current spec. */
export async function renderSchemaTypes(): Promise<string> {
  const ast = await openapiTS(specUrl, { alphabetize: false, immutable: false, defaultNonNullable: false });
  return BANNER + astToString(ast);
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const fresh = await renderSchemaTypes();
  let stale = false;
  for (const file of schemaFiles) {
    const current = await readFile(file, 'utf8').catch(() => '');
    if (fresh === current) continue;
    stale = true;
    if (check) {
      console.error(`${relative(rootPath, file)} is stale: run \`npm run generate\` and commit it.`);
      continue;
    }
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, fresh);
    console.log(`wrote ${relative(rootPath, file)}`);
  }
  if (check && stale) process.exit(1);
  if (check) console.log('generated/ is up to date.');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}

/**
 * Generates `generated/schema.d.ts` from `openapi.yaml` (openapi-typescript).
 * `--check` writes nothing and exits 1 when the committed file is stale (CI drift check).
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const root = new URL('../', import.meta.url);
export const specUrl = new URL('openapi.yaml', root);
export const schemaFile = fileURLToPath(new URL('generated/schema.d.ts', root));

const BANNER = '// Generated from openapi.yaml by `npm run generate`. Do not edit by hand.\n';

/** Renders the TypeScript types for the current spec. */
export async function renderSchemaTypes(): Promise<string> {
  const ast = await openapiTS(specUrl, { alphabetize: false, immutable: false, defaultNonNullable: false });
  return BANNER + astToString(ast);
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const fresh = await renderSchemaTypes();
  const current = await readFile(schemaFile, 'utf8').catch(() => '');
  if (check) {
    if (fresh !== current) {
      console.error('generated/schema.d.ts is stale: run `npm run generate` and commit it.');
      process.exit(1);
    }
    console.log('generated/ is up to date.');
    return;
  }
  if (fresh !== current) {
    await mkdir(new URL('generated/', root), { recursive: true });
    await writeFile(schemaFile, fresh);
    console.log('wrote generated/schema.d.ts');
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}

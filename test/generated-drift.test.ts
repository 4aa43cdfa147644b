import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { relative } from 'node:path';
import { renderSchemaTypes, schemaFiles } from '../scripts/generate.js';

describe('generated/', () => {
  it.each(schemaFiles.map((f) => [relative(process.cwd(), f), f]))('%s matches what openapi.yaml generates (run `npm run generate` when this fails)', async (_, file) => {
    const committed = await readFile(file, 'utf8');
    expect(committed === (await renderSchemaTypes())).toBe(true);
  });
});

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { renderSchemaTypes, schemaFile } from '../scripts/generate.js';

describe('generated/', () => {
  it('matches what openapi.yaml generates (run `npm run generate` when this fails)', async () => {
    const committed = await readFile(schemaFile, 'utf8');
    expect(committed === (await renderSchemaTypes())).toBe(true);
  });
});

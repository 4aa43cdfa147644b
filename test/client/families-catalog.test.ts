import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL, FAMILY_NAMES } from '../../packages/client/src/families.js';
import { FAMILIES } from '../../server/catalog/families.js';
import { MODEL_CATALOG } from '../../server/catalog/model-catalog.js';

// The client package cannot import server code, so its family list is a copy: this keeps it equal to the catalog.
describe('client families against the server catalog', () => {
  it('names the same families in the same order', () => {
    expect([...FAMILY_NAMES]).toEqual(FAMILIES.map((f) => f.id));
  });

  it.each(FAMILY_NAMES.map((f) => [f]))('%s: the default model is a catalog model of that family', (family) => {
    const spec = (MODEL_CATALOG as Record<string, { family: string } | undefined>)[DEFAULT_MODEL[family]];
    expect(spec?.family).toBe(family);
  });
});

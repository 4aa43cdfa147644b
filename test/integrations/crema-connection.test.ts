import { describe, expect, it } from 'vitest';
import { createCremaClient } from '../../client/index.js';
import { resolveClient } from '../../packages/client/src/integrations/core/crema-connection.js';

describe('which crema server an integration talks to', () => {
  const key = 'cmp_AAAAAAAAAAAAAAAAAAAAAAAA';
  it('a given client wins; else the options; else CREMA_API_KEY and CREMA_BASE_URL', () => {
    const client = createCremaClient({ baseUrl: 'http://a', apiKey: key });
    expect(resolveClient({ client, apiKey: 'cmp_BBBBBBBBBBBBBBBBBBBBBBBB' }, {})).toBe(client);
    expect(resolveClient({ apiKey: key }, {}).apiKey).toBe(key);
    expect(resolveClient({}, { CREMA_API_KEY: key }).apiKey).toBe(key);
  });
  it('no key anywhere is an error at construction, before any call', () => {
    expect(() => resolveClient({}, {})).toThrow(/no API key/);
    expect(() => resolveClient({ apiKey: 'sk-not-crema' }, {})).toThrow(/cmp_/);
  });
});

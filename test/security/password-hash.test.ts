import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASH_COST, verifyPassword } from '../../server/security/secrets.js';

describe('password hashes', () => {
  it('are scrypt with N = 16384, r = 8, p = 1 by default (what a server stores)', async () => {
    expect(PASSWORD_HASH_COST).toBe(16384);
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
  });

  it('verify with the cost each hash carries (hashes made at another cost stay valid)', async () => {
    const cheap = await hashPassword('correct horse battery', 1024);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', cheap)).toBe(true);
    expect(await verifyPassword('wrong', cheap)).toBe(false);
    expect(await verifyPassword('correct horse battery', cheap.replace('$1024$', '$2048$'))).toBe(false);
  });
});

import { createHash, randomInt, scrypt as scryptCb, timingSafeEqual, randomBytes, type ScryptOptions } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` characters drawn uniformly from base62 with the CSPRNG. */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

/** SHA-256 hex of a high-entropy secret (API keys, session tokens): fast is fine, they are not guessable. */
export function sha256Hex(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Equal-length constant-time comparison of two hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 64, maxmem: 64 * 1024 * 1024 } as const;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** scrypt's cost for new hashes; each hash carries its own, so verifying reads it back. */
export const PASSWORD_HASH_COST = SCRYPT.N;

/** Hashes a password with scrypt; the result carries its parameters: `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(password: string, cost: number = PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, SCRYPT.keylen, { ...SCRYPT, N: cost });
  return ['scrypt', cost, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Verifies a password in constant time; a malformed stored hash verifies as false. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to verify against when the account does not exist, so timing does not reveal that. */
export const DUMMY_PASSWORD_HASH = await hashPassword(randomBase62(24));

import { digestsEqual, randomBase62, sha256Hex } from './secrets.js';

/**
 * Opaque credentials (`cmp_` API keys, `crs_` session tokens): a prefix, then 40 base62
 * characters. The first 12 characters are stored in clear as a lookup handle and display
 * prefix; the whole value only as a SHA-256 digest, compared in constant time.
 */
export interface OpaqueTokenKind {
  prefix: string;
  /** Characters after the prefix. */
  length: number;
}

export const API_KEY: OpaqueTokenKind = { prefix: 'cmp_', length: 40 };
export const SESSION_TOKEN: OpaqueTokenKind = { prefix: 'crs_', length: 40 };

const LOOKUP_LENGTH = 12;

export interface IssuedToken {
  /** The full value, shown once. */
  value: string;
  /** Stored in clear: a non-secret lookup handle. */
  lookup: string;
  /** Stored: the SHA-256 hex digest of the full value. */
  digest: string;
}

export function issueToken(kind: OpaqueTokenKind): IssuedToken {
  const value = kind.prefix + randomBase62(kind.length);
  return { value, lookup: value.slice(0, LOOKUP_LENGTH), digest: sha256Hex(value) };
}

/** Whether a presented value has the kind's shape (checked before any database work). */
export function isWellFormed(kind: OpaqueTokenKind, value: string): boolean {
  return value.startsWith(kind.prefix) && value.length === kind.prefix.length + kind.length && /^[A-Za-z0-9]+$/.test(value.slice(kind.prefix.length));
}

export function lookupOf(value: string): string {
  return value.slice(0, LOOKUP_LENGTH);
}

/** Finds the candidate whose stored digest matches the presented value, comparing in constant time. */
export function matchDigest<T extends { digest: string }>(value: string, candidates: readonly T[]): T | undefined {
  const digest = sha256Hex(value);
  let found: T | undefined;
  for (const c of candidates) if (digestsEqual(c.digest, digest)) found = c;
  return found;
}

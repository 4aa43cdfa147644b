import { createHash } from 'node:crypto';
import { BoundedMap } from './bounded-map.js';

/** A compressed slot as it was first sent: later requests reuse these exact bytes. */
export interface FrozenTurn {
  text: string;
  originalTokens: number;
  compressedTokens: number;
}

/**
 * The content-addressed store of compressed turns: key = hash of the text, its query, the model
 * and the cache version. A hit returns the bytes first sent, so a turn's compression never
 * changes while it is remembered, even where the engine is not bit-for-bit deterministic
 * (dynamic batching with int8 weights moves near-tie scores).
 */
export interface TurnCache {
  get(key: string): FrozenTurn | undefined;
  /** Keeps the first value stored under a key: what was sent once stays what is sent. */
  put(key: string, turn: FrozenTurn): FrozenTurn;
  readonly size: number;
}

/** Bumped when the engine or the plan changes what a slot compresses to. */
const CACHE_VERSION = 1;

/** The cache key of one slot's compression. */
export function turnKey(parts: { model: string; format: string; query: string | undefined; text: string }): string {
  return createHash('sha256')
    .update(JSON.stringify([CACHE_VERSION, parts.model, parts.format, parts.query ?? null, parts.text]))
    .digest('base64url');
}

/** An in-process TurnCache of at most `maxEntries` turns (default 50,000), least recently used first out. */
export function createTurnCache(maxEntries = 50_000): TurnCache {
  const map = new BoundedMap<string, FrozenTurn>(maxEntries);
  return {
    get: (key) => map.get(key),
    put(key, turn) {
      const first = map.get(key);
      if (first) return first;
      map.set(key, turn);
      return turn;
    },
    get size() {
      return map.size;
    },
  };
}

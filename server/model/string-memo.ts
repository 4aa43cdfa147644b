/**
 * Memoises a pure function of one string. Long contexts repeat the same words thousands of times
 * and stemming or Unicode-normalising each occurrence cost tens of ms per 100k tokens; the cache is
 * emptied when it reaches `limit` entries, so memory stays bounded whatever the input.
 */
export function stringMemo<T>(fn: (s: string) => T, limit = 100_000): (s: string) => T {
  const cache = new Map<string, T>();
  return (s) => {
    let v = cache.get(s);
    if (v === undefined && !cache.has(s)) {
      v = fn(s);
      if (cache.size >= limit) cache.clear();
      cache.set(s, v);
    }
    return v as T;
  };
}

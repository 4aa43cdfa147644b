/**
 * A copy of `s` that holds no reference to the string it was cut from: V8 slices of 13+ characters are
 * views on their parent, so memo keys cut from a context kept it alive (docs/tuning.md, "Copies of memo keys").
 */
export function ownCopy(s: string): string {
  return (` ${s}`).slice(1);
}

interface Memo<T> {
  cache: Map<string, T>;
  /** Characters of the keys held. */
  chars: number;
}

function empty(memo: Memo<unknown>): void {
  memo.cache.clear();
  memo.chars = 0;
}

/** Every memo, weakly: a memo made per model goes when its model does. */
const live = new Set<WeakRef<Memo<unknown>>>();

/**
 * Memoises a pure function of one string. Long contexts repeat the same words thousands of times
 * and stemming, Unicode-normalising or BPE-counting each occurrence cost tens of ms per 100k
 * tokens; the cache is emptied when it reaches `limit` entries or `maxChars` characters of keys,
 * and keys are own copies (`ownCopy`), so memory stays bounded whatever the input.
 */
export function stringMemo<T>(fn: (s: string) => T, limit = 100_000, maxChars = Infinity): (s: string) => T {
  const memo: Memo<T> = { cache: new Map(), chars: 0 };
  live.add(new WeakRef(memo));
  const { cache } = memo;
  return (s) => {
    let v = cache.get(s);
    if (v === undefined && !cache.has(s)) {
      v = fn(s);
      if (cache.size >= limit || memo.chars + s.length > maxChars) empty(memo);
      cache.set(ownCopy(s), v);
      memo.chars += s.length;
    }
    return v as T;
  };
}

/**
 * Empties every memo of this thread. Answers never change (the functions are pure); benchmarks
 * call it to time text that no cache has seen, after a warm-up call on the same text.
 */
export function clearStringMemos(): void {
  for (const ref of live) {
    const memo = ref.deref();
    if (memo) empty(memo);
    else live.delete(ref);
  }
}

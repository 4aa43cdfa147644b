import ranks from 'gpt-tokenizer/bpeRanks/o200k_base';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';

/**
 * o200k counts of long runs without a word boundary, in O(n log n): gpt-tokenizer merges a pre-token's
 * pairs in O(n^2), and o200k leaves runs of letters or punctuation unbounded (40,000 letters took 2 s;
 * upstream openai/tiktoken#195). Same merge order (lowest rank, leftmost on ties) in a heap over a linked
 * list, so the counts are the library's (test/compression/engine/text/long-piece-count.test.ts).
 */

/** Ranks by the token's bytes as a latin1 string (one char per byte), and the longest token's bytes; built on first use. */
let table: { rank: Map<string, number>; longest: number } | undefined;

function rankTable(): { rank: Map<string, number>; longest: number } {
  if (!table) {
    const rank = new Map<string, number>();
    let longest = 0;
    for (let r = 0; r < ranks.length; r++) {
      const v = ranks[r];
      if (v === undefined) continue;
      const bytes = (typeof v === 'string' ? Buffer.from(v, 'utf8') : Buffer.from(v)).toString('latin1');
      rank.set(bytes, r);
      longest = Math.max(longest, bytes.length);
    }
    table = { rank, longest };
  }
  return table;
}

// Work arrays, grown as needed and reused: a count allocates nothing per byte.
let next = new Int32Array(0);
let prev = new Int32Array(0);
/** Heap entries: rank x 2^32 + the pair's first part (one number orders by rank, then leftmost)... */
let heapKey = new Float64Array(0);
/** ...and where the pair ended when pushed: a pair whose parts have changed since is stale. */
let heapEnd = new Int32Array(0);

function reserve(bytes: number): void {
  if (next.length >= bytes + 2) return;
  const size = Math.max(bytes + 2, 2 * next.length);
  next = new Int32Array(size);
  prev = new Int32Array(size);
  // Each merge pushes at most two entries on top of the initial one per pair.
  heapKey = new Float64Array(3 * size);
  heapEnd = new Int32Array(3 * size);
}

const PART = 2 ** 32;

/** Number of BPE tokens of one pre-token, given as its bytes in a latin1 string. */
function mergeCount(bytes: string, table: Map<string, number>, longest: number): number {
  const n = bytes.length;
  if (n <= 1) return n;
  reserve(n);
  let size = 0;
  const swap = (a: number, b: number) => {
    const k = heapKey[a]!;
    heapKey[a] = heapKey[b]!;
    heapKey[b] = k;
    const e = heapEnd[a]!;
    heapEnd[a] = heapEnd[b]!;
    heapEnd[b] = e;
  };
  const down = (k: number) => {
    for (;;) {
      const l = 2 * k + 1;
      if (l >= size) break;
      const m = l + 1 < size && heapKey[l + 1]! < heapKey[l]! ? l + 1 : l;
      if (heapKey[m]! >= heapKey[k]!) break;
      swap(m, k);
      k = m;
    }
  };
  // Part i merged with the part after it, as an entry at the heap's end (false: no such token).
  const append = (i: number): boolean => {
    const j = next[i]!;
    if (j >= n) return false;
    const end = next[j]!;
    if (end - i > longest) return false;
    const rank = table.get(bytes.slice(i, end));
    if (rank === undefined) return false;
    heapKey[size] = rank * PART + i;
    heapEnd[size] = end;
    size++;
    return true;
  };
  const push = (i: number) => {
    if (!append(i)) return;
    for (let k = size - 1; k > 0; ) {
      const p = (k - 1) >> 1;
      if (heapKey[k]! >= heapKey[p]!) break;
      swap(k, p);
      k = p;
    }
  };
  for (let i = 0; i < n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  // Past the end, so that no pair can look current there (a pair ends at n at most).
  next[n] = n + 1;
  for (let i = 0; i < n - 1; i++) append(i);
  for (let k = (size >> 1) - 1; k >= 0; k--) down(k);
  let parts = n;
  while (size > 0) {
    const i = heapKey[0]! % PART;
    const end = heapEnd[0]!;
    swap(0, --size);
    down(0);
    // Stale: part i was merged into its left neighbour, or the pair it starts has changed since.
    if (prev[i] === -2 || next[next[i]!] !== end) continue;
    const j = next[i]!;
    next[i] = end;
    if (end < n) prev[end] = i;
    prev[j] = -2;
    parts--;
    push(i);
    if (prev[i]! >= 0) push(prev[i]!);
  }
  return parts;
}

const ASCII = /^[\x00-\x7f]*$/u;

/** o200k token count of `text` as plain text (special-token strings count as the text they are). */
export function countLongPiece(text: string): number {
  const { rank, longest } = rankTable();
  let total = 0;
  for (const [pre] of text.matchAll(O200K_TOKEN_SPLIT_REGEX)) {
    // ASCII is its own latin1 byte string.
    const bytes = ASCII.test(pre) ? pre : Buffer.from(pre, 'utf8').toString('latin1');
    // A pre-token that is a token counts 1 even where merging its bytes would not rebuild it.
    total += rank.has(bytes) ? 1 : mergeCount(bytes, rank, longest);
  }
  return total;
}

import type { Word } from '../../../model/words.js';
import type { Span } from '../split/segment.js';

/** First index whose start is at or after `x`, by binary search over sorted starts. */
function firstStartAtOrAfter(starts: Float64Array): (x: number) => number {
  return (x) => {
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** Whether a word holds a letter or a digit; ASCII by char code (most words), the rest by Unicode class. */
function hasLetterOrDigit(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c >= 128) return /[\p{L}\p{N}]/u.test(word);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) return true;
  }
  return false;
}

/**
 * Mean word score over any character span, in O(log n) per query: words are sorted by
 * offset and their scores prefix-summed. Punctuation-only words carry little signal and are
 * left out unless a span holds nothing else.
 */
export function spanScorer(words: readonly Word[], scores: Float32Array): (span: Span) => number {
  const n = words.length;
  const starts = new Float64Array(n);
  const content = new Float64Array(n + 1);
  const contentN = new Float64Array(n + 1);
  const all = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const w = words[i]!;
    starts[i] = w.start;
    const isContent = hasLetterOrDigit(w.text) ? 1 : 0;
    content[i + 1] = content[i]! + scores[i]! * isContent;
    contentN[i + 1] = contentN[i]! + isContent;
    all[i + 1] = all[i]! + scores[i]!;
  }
  const lowerBound = firstStartAtOrAfter(starts);
  return (span) => {
    const a = lowerBound(span.start);
    const b = lowerBound(span.end);
    if (b <= a) return 0;
    const k = contentN[b]! - contentN[a]!;
    return k > 0 ? (content[b]! - content[a]!) / k : (all[b]! - all[a]!) / (b - a);
  };
}

/** Summed value of the words inside any character span, in O(log n) per query (words in text order). */
export function spanTotal(words: readonly Word[], values: ArrayLike<number>): (span: Span) => number {
  const n = words.length;
  const starts = new Float64Array(n);
  const sums = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    starts[i] = words[i]!.start;
    sums[i + 1] = sums[i]! + values[i]!;
  }
  const lowerBound = firstStartAtOrAfter(starts);
  return (span) => {
    const a = lowerBound(span.start);
    const b = lowerBound(span.end);
    return b > a ? sums[b]! - sums[a]! : 0;
  };
}

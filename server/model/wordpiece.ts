/**
 * WordPiece (greedy longest match, `##` continuations, as the bundled tokenizers' `model`) for
 * plain ASCII words, where BertNormalizer only lowercases and BertPreTokenizer leaves the word
 * whole. transformers.js's `encode` spent ~40 µs per distinct word, most of a cold 100k-token
 * context's overhead; this gives the same ids (test/model/wordpiece.test.ts compares them on
 * every word of the test corpora) in a few µs. Any other word returns undefined: the caller
 * asks the full tokenizer.
 */
export function asciiWordPieces(word: string, vocab: ReadonlyMap<string, number>, unk: number, maxChars = 100): number[] | undefined {
  if (!PLAIN_ASCII.test(word)) return undefined;
  if (word.length > maxChars) return [unk];
  const w = word.toLowerCase();
  const out: number[] = [];
  let start = 0;
  while (start < w.length) {
    let end = w.length;
    let id: number | undefined;
    while (start < end) {
      id = vocab.get(start > 0 ? `##${w.slice(start, end)}` : w.slice(start, end));
      if (id !== undefined) break;
      end--;
    }
    if (id === undefined) return [unk];
    out.push(id);
    start = end;
  }
  return out;
}

const PLAIN_ASCII = /^[A-Za-z0-9]+$/u;

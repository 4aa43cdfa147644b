/**
 * WordPiece (greedy longest match, `##` continuations) for plain ASCII words, where the bundled
 * tokenizers only lowercase: the same ids as transformers.js's `encode` (test/model/wordpiece.test.ts)
 * in a few µs instead of ~40 µs per distinct word. Any other word returns undefined: ask the tokenizer.
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

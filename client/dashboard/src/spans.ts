/** A run of the original text, kept by the compression or dropped by it. */
export interface Span {
  text: string;
  kept: boolean;
}

const PLACEHOLDER = '[...]';

/**
 * Marks which parts of `original` survive in `compressed`. Compressed output is the original's
 * kept spans in order, joined by `[...]` where spans are not adjacent, so each piece between
 * placeholders is first looked up whole; a piece the engine reshaped (e.g. whitespace joined
 * differently, a markdown marker added) falls back to a word-by-word forward match, and words
 * the engine added are ignored. Whitespace between kept text counts as kept.
 * Hand-written: no diff library is a dependency, and this needs only a forward scan (O(n)).
 * @example markSpans('a b. c d.', 'a b. [...]') // [{text:'a b.',kept:true},{text:' c d.',kept:false}]
 */
export function markSpans(original: string, compressed: string): Span[] {
  const spans: Span[] = [];
  const push = (text: string, kept: boolean) => {
    if (!text) return;
    const k = kept || text.trim() === '';
    const last = spans.at(-1);
    if (last && last.kept === k) last.text += text;
    else spans.push({ text, kept: k });
  };
  let pos = 0;
  const keep = (at: number, length: number) => {
    push(original.slice(pos, at), false);
    push(original.slice(at, at + length), true);
    pos = at + length;
  };
  for (const piece of compressed.split(PLACEHOLDER).map((p) => p.trim()).filter(Boolean)) {
    const at = original.indexOf(piece, pos);
    if (at >= 0) {
      keep(at, piece.length);
      continue;
    }
    for (const word of piece.split(/\s+/).filter(Boolean)) {
      const w = original.indexOf(word, pos);
      if (w >= 0) keep(w, word.length);
    }
  }
  push(original.slice(pos), false);
  return spans;
}

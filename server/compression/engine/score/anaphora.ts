import type { Block, Sentence } from '../split/segment.js';

/**
 * Chinese and Japanese sentence openings that point back at the sentence before: "これは",
 * "このモードでは", "その", "它", "这", "此", "该", "其". Such a sentence echoes the question while the
 * name it refers to (the answer) stands in the one before.
 */
const BACK_REFERENCE = /^[\s「『（(“"]*(?:これ|この|こう|それ|その|そう|这|此|该|它|其|上述)/u;

/** Whether a sentence of `text` opens by referring to the sentence before it. */
export function refersBack(text: string, sentence: Sentence): boolean {
  return BACK_REFERENCE.test(text.slice(sentence.start, sentence.end));
}

/**
 * Raises each ranked sentence followed (in its paragraph) by one that refers back to it to `share`
 * of that one's rank, from the paragraph's end, so a chain of references reaches its antecedent.
 */
export function withAntecedents(text: string, blocks: readonly Block[], ranks: Map<Sentence, number>, share: number): void {
  if (share <= 0) return;
  for (const b of blocks) {
    for (let i = b.sentences.length - 1; i > 0; i--) {
      const s = b.sentences[i]!;
      const before = b.sentences[i - 1]!;
      const own = ranks.get(s);
      const prev = ranks.get(before);
      if (own === undefined || prev === undefined || !refersBack(text, s)) continue;
      ranks.set(before, Math.max(prev, share * own));
    }
  }
}

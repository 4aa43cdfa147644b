import { normalizeSpans } from '../assemble/assemble.js';
import { GLUE } from '../text/stop-words.js';
import type { Block, Span } from '../split/segment.js';

/** A bare quantity: digits with separators, currency, percent, an ordinal or a multiplier ("12%", "$4.2M", "09:40", "10th"). */
const QUANTITY = /^[(\[$€£¥]*[+-]?\d[\d.,:/-]*(?:%|st|nd|rd|th|[kKMB])?[)\].,;:!?]*$/u;
/** A word of letters that is not glue ("business", "EUR", "March"; not "to", "the"). */
function isContentWord(token: string): boolean {
  const bare = token.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '');
  return /^\p{L}[\p{L}'-]*$/u.test(bare) && !GLUE.has(bare.toLowerCase());
}

/**
 * Word units: a kept quantity whose neighbours were both dropped takes the word it quantifies
 * along: the next word when it is a content word ("5 business", "149.90 EUR", "14 March"), else
 * the word before ("grew 12%", "room 12"). A bare number ("12% 2025.") says nothing a reader can use.
 */
export function withQuantifiedWords(text: string, blocks: readonly Block[], kept: readonly Span[]): Span[] {
  const spans = normalizeSpans(kept);
  if (spans.length === 0) return spans;
  let k = 0;
  const covered = (t: Span) => {
    while (k > 0 && spans[k - 1]!.end > t.start) k--;
    while (k < spans.length && spans[k]!.end <= t.start) k++;
    const s = spans[k];
    return s !== undefined && s.start <= t.start && s.end >= t.end;
  };
  const added: Span[] = [];
  for (const b of blocks) {
    for (const s of b.sentences) {
      if (s.atomic || s.end <= spans[0]!.start || s.start >= spans.at(-1)!.end) continue;
      const tokens = s.pieces;
      for (let i = 0; i < tokens.length; i++) {
        const t = tokens[i]!;
        if (!QUANTITY.test(text.slice(t.start, t.end)) || !covered(t)) continue;
        const before = tokens[i - 1];
        const after = tokens[i + 1];
        if ((before && covered(before)) || (after && covered(after))) continue;
        if (after && isContentWord(text.slice(after.start, after.end))) added.push(after);
        else if (before && isContentWord(text.slice(before.start, before.end))) added.push(before);
      }
    }
  }
  return added.length ? normalizeSpans([...spans, ...added]) : spans;
}

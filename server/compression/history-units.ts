import { factCount } from './engine/score/fact-sentences.js';
import { segment } from './engine/split/segment.js';
import { countTokens } from './engine/text/tokens.js';

/**
 * Share of the richest fact sentence's labelled cost under which a coarse summary keeps word units
 * (docs/tuning.md, "History: word units where the richest fact sentence cannot fit").
 */
const PHRASES_BELOW = 0.75;

/**
 * Whether a history budget is too small for the sentence of the older turns that states the most
 * facts (the cheapest of those), label included: then whole sentences would leave one fragment of
 * it, where word units keep its names, numbers and dates with the words they quantify.
 */
export function wantsWordUnits(parts: readonly string[], labels: readonly string[], budget: number): boolean {
  let best: { facts: number; tokens: number } | undefined;
  parts.forEach((part, i) => {
    for (const s of segment(part, false).flatMap((b) => b.sentences)) {
      const facts = factCount(part.slice(s.start, s.end));
      if (facts === 0) continue;
      const tokens = countTokens(`${labels[i] ?? ''}${part.slice(s.start, s.end)}`);
      if (!best || facts > best.facts || (facts === best.facts && tokens < best.tokens)) best = { facts, tokens };
    }
  });
  return best !== undefined && budget < PHRASES_BELOW * best.tokens;
}

import type { ToolScore } from './score.js';

/**
 * A tool is answered only when its score is at least this share of the best tool's: below it
 * the tool matched little of what the best one did (chosen on the benchmark's dev split: 0.5
 * returned fewer tools at 100 at the same recall, but lost literal recall at 500 tools).
 */
export const RELATIVE_CUT = 0.35;

/** Scores closer than this are a tie. */
const TIE_STEP = 0.01;

export interface Selected {
  index: number;
  /** `always`: named in always_keep; `ranked`: chosen by score. */
  why: 'always' | 'ranked';
}

/**
 * Stage 3: `always_keep` first (in the order given, each once, unknown names ignored), then the
 * best-scored tools down to the cut, `maxTools` in all. Equal scores keep definition order, so
 * the same request always answers the same list.
 */
export function selectTools(names: readonly string[], scores: readonly ToolScore[], maxTools: number, alwaysKeep: readonly string[] = [], cut = RELATIVE_CUT): Selected[] {
  const out: Selected[] = [];
  const taken = new Set<number>();
  for (const name of alwaysKeep) {
    const index = names.indexOf(name);
    if (index < 0 || taken.has(index) || out.length >= maxTools) continue;
    taken.add(index);
    out.push({ index, why: 'always' });
  }
  // Ordered on scores rounded to TIE_STEP: tools that differ by less (the same text under another
  // name, read by the network a hair apart) are ties, and keep definition order.
  const rounded = scores.map((s) => Math.round(s.total / TIE_STEP));
  const order = scores.map((_, i) => i).sort((a, b) => rounded[b]! - rounded[a]! || a - b);
  const best = scores[order[0]!]?.total ?? 0;
  for (const index of order) {
    if (out.length >= maxTools) break;
    if (taken.has(index)) continue;
    // The best tool is always answered: an agent left with no tool cannot act at all.
    const first = !out.some((s) => s.why === 'ranked');
    if (!first && scores[index]!.total < cut * best) break;
    taken.add(index);
    out.push({ index, why: 'ranked' });
  }
  return out;
}

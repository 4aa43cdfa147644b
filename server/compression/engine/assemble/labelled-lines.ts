import { PLACEHOLDER } from './assemble.js';

/**
 * Labelled parts as one text: `label + compressed` per part that kept something; a run of parts
 * that kept nothing is one `[...]` opening the next kept line (`[...] user: ...`: one token, where
 * a line of its own costs three, a tenth of a 10x summary of a short chat), or a last line of its
 * own after the final kept part (no marker without placeholders).
 */
export function labelledLines(parts: ReadonlyArray<{ label: string; compressed: string }>, placeholders: boolean): string {
  const lines: string[] = [];
  let dropped = false;
  for (const p of parts) {
    if (p.compressed === '') {
      dropped = placeholders;
      continue;
    }
    lines.push(`${dropped ? `${PLACEHOLDER} ` : ''}${p.label}${p.compressed}`);
    dropped = false;
  }
  if (dropped) lines.push(PLACEHOLDER);
  return lines.join('\n');
}

import { PLACEHOLDER } from './assemble.js';

/**
 * Labelled parts as one text: `label + compressed` per part that kept something, one `[...]` line
 * per run of parts that kept nothing (no line without placeholders).
 */
export function labelledLines(parts: ReadonlyArray<{ label: string; compressed: string }>, placeholders: boolean): string {
  const lines: string[] = [];
  let dropped = false;
  for (const p of parts) {
    if (p.compressed === '') {
      if (!dropped && placeholders) lines.push(PLACEHOLDER);
      dropped = true;
      continue;
    }
    dropped = false;
    lines.push(`${p.label}${p.compressed}`);
  }
  return lines.join('\n');
}

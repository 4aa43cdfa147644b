import { PLACEHOLDER } from './assemble.js';

/** Words that point at the speaker or the listener: a line holding one needs its role label to be read. */
const PERSON_WORDS = /\b(?:I|I'm|I've|I'll|I'd|me|my|mine|we|we're|we've|we'll|us|our|ours|you|you're|you've|you'll|your|yours)\b/iu;

/** Labels that may be left out: a tool's output keeps `tool: `, or it would read as something said. */
const SPEAKER_LABELS = new Set(['user: ', 'assistant: ']);

/**
 * Labelled parts as one text, one line per part that kept something. A speaker's label (`user: `) only
 * where the line says "I", "we" or "you" (who said "200MB -> 510MB" changes nothing, who said "I
 * booked you" does); a run of parts that kept nothing between two kept lines is one `[...]`
 * opening the second, none at the edges. docs/tuning.md, "History: structural tokens".
 */
export function labelledLines(parts: ReadonlyArray<{ label: string; compressed: string }>, placeholders: boolean): string {
  const lines: string[] = [];
  let dropped = false;
  for (const p of parts) {
    if (p.compressed === '') {
      dropped = placeholders;
      continue;
    }
    const label = SPEAKER_LABELS.has(p.label) && !PERSON_WORDS.test(p.compressed) ? '' : p.label;
    // Only between kept lines: the summary stands for the older turns, a selection at both ends. A
    // line that opens with a cut mark already says that something before it was dropped.
    const marker = dropped && lines.length > 0 && !(label === '' && p.compressed.startsWith(PLACEHOLDER)) ? `${PLACEHOLDER} ` : '';
    lines.push(`${marker}${label}${p.compressed}`);
    dropped = false;
  }
  return lines.join('\n');
}

import type { ToolScore } from './score.js';
import type { Selected } from './select.js';

const quoted = (ws: readonly string[]) => ws.map((w) => `"${w}"`).join(', ');

/** Stage 4: one honest line per answered tool, `name: why`. */
export function explain(name: string, selected: Selected, score: ToolScore): string {
  if (selected.why === 'always') return `${name}: in always_keep`;
  const parts: string[] = [];
  if (score.matched.length) parts.push(`matches ${quoted(score.matched)}`);
  if (score.related.length) parts.push(`related ${score.related.map((r) => `"${r.query}" ~ "${r.word}"`).join(', ')}`);
  if (!parts.length) {
    // Say which signal chose it: faint word-vector neighbours, the network alone, or nothing at all.
    parts.push(
      score.semantic > 0
        ? 'only faint near words matched'
        : (score.gist ?? 0) > 0
          ? "no word matched; the query's overall meaning is near its description"
          : score.model > 0
          ? 'no query word matched; chosen by the latte_v2 reading of its words'
          : 'nothing matched the query; first in definition order',
    );
  }
  return `${name}: ${parts.join('; ')}`;
}

/**
 * The benchmark's data put together: the extracted tools, the queries checked against them
 * (every needed tool exists; a paraphrase query shares no content stem with a needed tool's
 * name or description, a literal one shares at least one), the dev/test split, and the seeded pools of N tools per request.
 */
import { shuffled } from '../../lib/common.js';
import { rng } from '../../lib/squad.js';
import type { SourcedTool, ToolDefinition } from './extract.js';
import { sharedStems } from './overlap.js';
import type { ToolQuery } from './queries.js';

export type Split = 'dev' | 'test';

/**
 * dev: the half the family's ranking may be tuned and inspected on; test: the half reported as
 * the result. Chosen by an FNV-1a hash of the query text, so adding a query moves no other.
 */
export function splitOf(query: string): Split {
  let h = 0x811c9dc5;
  for (let i = 0; i < query.length; i++) h = Math.imul(h ^ query.charCodeAt(i), 0x01000193) >>> 0;
  return h % 2 === 0 ? 'dev' : 'test';
}

export interface CheckedQuery extends ToolQuery {
  split: Split;
  /** Content stems the query shares with its needed tools (empty for every paraphrase query). */
  shared: string[];
}

/** The queries with split and overlap; throws listing every unknown tool or overlapping paraphrase. */
export function checkQueries(queries: readonly ToolQuery[], tools: readonly ToolDefinition[]): CheckedQuery[] {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const problems: string[] = [];
  const out = queries.map((q) => {
    const shared = new Set<string>();
    for (const name of q.needs) {
      const tool = byName.get(name);
      if (!tool) {
        problems.push(`"${q.query}" needs ${name}, which no extracted tool is called`);
        continue;
      }
      for (const s of sharedStems(q.query, tool)) shared.add(s);
    }
    if (q.kind === 'paraphrase' && shared.size) problems.push(`paraphrase "${q.query}" shares ${[...shared].join(', ')} with ${q.needs.join(', ')}`);
    // Both kinds are mechanical: a literal query uses at least one of its tool's words.
    if (q.kind === 'literal' && !shared.size && q.needs.every((n) => byName.has(n))) problems.push(`literal "${q.query}" shares no word with ${q.needs.join(', ')}`);
    return { ...q, split: splitOf(q.query), shared: [...shared].sort() };
  });
  if (problems.length) throw new Error(`tool-discovery queries do not fit the tools:\n  ${problems.join('\n  ')}`);
  return out;
}

/**
 * `size` tools for one request: the needed ones plus distractors drawn at random from the rest,
 * in a random order (so a needed tool is not always first); seeded by (seed, size, query index).
 */
export function buildPool(tools: readonly SourcedTool[], needs: readonly string[], size: number, seed: number): ToolDefinition[] {
  const random = rng(seed);
  const needed = tools.filter((t) => needs.includes(t.name));
  const rest = tools.filter((t) => !needs.includes(t.name));
  if (size > tools.length) throw new Error(`a pool of ${size} asked from ${tools.length} tools`);
  const pool = shuffled([...needed, ...shuffled(rest, random).slice(0, Math.max(0, size - needed.length))], random);
  return pool.map(({ name, description, parameters }) => ({ name, description, parameters }));
}

/** How a request carries its tools: the reference's shape, or as OpenAI, Anthropic and MCP hold them. */
export const TOOL_FORMATS = ['reference', 'openai', 'anthropic', 'mcp'] as const;
export type ToolFormat = (typeof TOOL_FORMATS)[number];

/** A pool's tools in `format` (the route must answer with the same names whatever the shape). */
export function inFormat(pool: readonly ToolDefinition[], format: ToolFormat): object[] {
  return pool.map(({ name, description, parameters }) => {
    switch (format) {
      case 'openai':
        return { type: 'function', function: { name, description, parameters: parameters ?? { type: 'object', properties: {} } } };
      case 'anthropic':
        return { name, description, input_schema: parameters ?? { type: 'object', properties: {} } };
      case 'mcp':
        return { name, description, inputSchema: parameters ?? { type: 'object', properties: {} } };
      default:
        return { name, description, parameters };
    }
  });
}

/**
 * The text a ranker reads for one tool, the same for every method of the benchmark: the name's
 * words (split on `_`, `-`, `.` and camelCase), the description, and each parameter's name
 * words and description from the JSON schema (nested properties and array items included).
 */
import { nameWords } from './overlap.js';

interface Definition {
  name: string;
  description?: string;
  parameters?: Record<string, unknown> | null;
}

const MAX_DEPTH = 4;

/** Parameter names (as words) and descriptions of a JSON schema, in schema order. */
export function schemaText(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > MAX_DEPTH) return [];
  const s = schema as { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[]; oneOf?: unknown[]; description?: unknown };
  const out: string[] = [];
  for (const [key, prop] of Object.entries(s.properties ?? {})) {
    out.push(nameWords(key).join(' '));
    const d = (prop as { description?: unknown } | null)?.description;
    if (typeof d === 'string' && d.trim()) out.push(d.trim());
    out.push(...schemaText(prop, depth + 1));
  }
  if (s.items) out.push(...schemaText(s.items, depth + 1));
  for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) out.push(...schemaText(alt, depth + 1));
  return out;
}

/** Name words, description and parameter text of a tool, one string. */
export function toolText(tool: Definition): string {
  return [nameWords(tool.name).join(' '), tool.description ?? '', ...schemaText(tool.parameters)].filter(Boolean).join('\n');
}

/**
 * A tool as the ranking reads it, whatever shape the client held it in: the hosted API's
 * `{name, description, parameters}`, OpenAI's `{type: "function", function: {...}}`, Anthropic's
 * `{name, description, input_schema}` or MCP's `{name, description, inputSchema}`.
 */
export interface ToolSpec {
  name: string;
  description: string;
  /** The tool's input JSON Schema, when it has one. */
  parameters: Record<string, unknown> | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first of `keys` holding an object (the schema field's name differs per shape). */
function schemaOf(raw: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> | null {
  for (const k of keys) if (isObject(raw[k])) return raw[k] as Record<string, unknown>;
  return null;
}

/** Reads one tool definition of any accepted shape (the request schema has checked it is one). */
export function toToolSpec(raw: unknown): ToolSpec {
  const obj = isObject(raw) ? raw : {};
  // OpenAI wraps the definition; the other shapes are flat.
  const inner = obj['type'] === 'function' && isObject(obj['function']) ? obj['function'] : obj;
  return {
    name: typeof inner['name'] === 'string' ? inner['name'] : '',
    description: typeof inner['description'] === 'string' ? inner['description'] : '',
    parameters: schemaOf(inner, ['parameters', 'input_schema', 'inputSchema']),
  };
}

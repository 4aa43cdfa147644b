/** `target_compression_ratio` -> `targetCompressionRatio`, at the type level. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<CamelCase<Tail>>}` : S;

/** A wire (snake_case) type with its keys camelCased, deeply; the SDK's option types are built with it. */
export type Camelize<T> = T extends readonly (infer U)[]
  ? Camelize<U>[]
  : T extends object
    ? { [K in keyof T as K extends string ? CamelCase<K> : K]: Camelize<T[K]> }
    : T;

function snakeKey(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Keys whose values are the caller's own data (a tool's JSON Schema): sent verbatim, property names untouched. */
const VERBATIM = new Set(['parameters', 'input_schema', 'inputSchema']);

/**
 * Renames object keys to the wire's snake_case, deeply; values are kept. Keys that are already
 * snake_case pass through, so wire-shaped objects are accepted as they are. A tool's schema
 * (`parameters`, `input_schema`, `inputSchema`) is not renamed inside.
 */
export function toWire(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toWire);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [snakeKey(k), VERBATIM.has(k) ? v : toWire(v)]),
  );
}

import { createHash } from 'node:crypto';
import type { ToolSpec } from './tool-shapes.js';
import { toolText, type ToolText } from './tool-text.js';

/**
 * Agents send the same catalogue with every call: a tool's text, terms and stem counts are kept
 * by a hash of its definition, so a repeated catalogue costs only the query side. Least recently
 * used entries go first past CAPACITY (a few catalogues of hundreds of tools).
 */
const CAPACITY = 4096;
const cache = new Map<string, ToolText>();

/** `toolText(tool)`, from the cache when the same definition was read before. */
export function cachedToolText(tool: ToolSpec): ToolText {
  const key = createHash('sha1').update(JSON.stringify([tool.name, tool.description, tool.parameters])).digest('base64');
  let text = cache.get(key);
  if (text) cache.delete(key);
  else text = toolText(tool);
  cache.set(key, text);
  if (cache.size > CAPACITY) cache.delete(cache.keys().next().value!);
  return text;
}

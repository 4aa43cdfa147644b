/**
 * A copy of the spec in which every media type's single `example` is also given as a named
 * `examples` entry. RapiDoc (9.3) reads only `examples`: with `example` alone it fills a try-it
 * body from the schema's defaults instead (sending, e.g., latte_v2-only fields with latte_v1).
 */
export function withNamedExamples<T>(spec: T): T {
  const copy = structuredClone(spec);
  visit(copy);
  return copy;
}

function visit(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  const content = record['content'];
  if (content && typeof content === 'object') {
    for (const media of Object.values(content as Record<string, Record<string, unknown>>)) {
      if (media && typeof media === 'object' && 'example' in media && !('examples' in media)) {
        media['examples'] = { example: { summary: 'Example', value: media['example'] } };
        delete media['example'];
      }
    }
  }
  for (const child of Object.values(record)) visit(child);
}

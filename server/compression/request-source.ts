/**
 * The `source` a compression request names (`sdk:python`, `gateway:anthropic`, ...), for its usage
 * row. The body's own field wins; the hosted API's batches carry whole single requests in
 * `inputs`, so otherwise the first input that names one speaks for the batch (a batch is one
 * usage row). Null when none is sent. The spec checks the value's shape.
 */
export function requestSource(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const own = (body as { source?: unknown }).source;
  if (typeof own === 'string') return own;
  const inputs = (body as { inputs?: unknown }).inputs;
  if (!Array.isArray(inputs)) return null;
  for (const input of inputs) {
    const named = typeof input === 'object' && input !== null ? (input as { source?: unknown }).source : undefined;
    if (typeof named === 'string') return named;
  }
  return null;
}

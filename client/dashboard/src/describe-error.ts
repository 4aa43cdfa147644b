// Failed calls answer with the flat envelope or the framework's {detail:[...]}.
type ErrorBody = { error?: unknown; code?: unknown; detail?: unknown } | undefined;

/** One readable line from either error shape the API answers with (envelope or `{detail:[...]}`). */
export function describeError(body: unknown, status: number): string {
  const b = body as ErrorBody;
  if (b && typeof b.error === 'string') return `${b.error}${typeof b.detail === 'string' ? ` (${b.detail})` : ''} [${String(b.code)}]`;
  if (b && Array.isArray(b.detail)) {
    return b.detail.map((d: { loc?: unknown[]; msg?: string }) => `${(d.loc ?? []).slice(1).join('.')}: ${d.msg ?? ''}`).join('; ');
  }
  return `Request failed with status ${status}`;
}

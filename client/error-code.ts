/**
 * The stable code of an error body, whichever form it has: the flat envelope
 * (`{code}`), the older nested one (`{error: {code}}`), or the framework's `{detail}` bodies
 * (reported as `validation_error` or `not_found`).
 */
export function errorCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as Record<string, unknown>;
  if (typeof b['code'] === 'string') return b['code'];
  const nested = b['error'];
  if (typeof nested === 'object' && nested !== null && typeof (nested as Record<string, unknown>)['code'] === 'string') {
    return (nested as Record<string, string>)['code'];
  }
  if (Array.isArray(b['detail'])) return 'validation_error';
  if (b['detail'] === 'Not Found') return 'not_found';
  return undefined;
}

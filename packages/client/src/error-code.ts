/**
 * Codes an older crema server sent for situations that now carry the hosted API's SDK names
 * (renamed 2026-12-03, see the spec's changelog): callers switch on the new names only.
 */
const RENAMED_CODES: Readonly<Record<string, string>> = {
  budget_exceeded: 'api_key_budget_exceeded',
  insufficient_balance: 'insufficient_credits',
};

/**
 * The stable code of an error body, whichever form it has: the flat envelope
 * (`{code}`), the older nested one (`{error: {code}}`), or the framework's `{detail}` bodies
 * (reported as `validation_error` or `not_found`). A code an older server used is reported
 * under its current name.
 */
export function errorCode(body: unknown): string | undefined {
  const code = rawErrorCode(body);
  return code === undefined ? undefined : (RENAMED_CODES[code] ?? code);
}

function rawErrorCode(body: unknown): string | undefined {
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

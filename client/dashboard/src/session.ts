import { createCremaClient, type CremaClient } from '../../create-client.js';

// sessionStorage: the bearer token lives for this tab only and is never sent as a cookie.
const TOKEN = 'crema.session';

export const session = {
  token: (): string | null => sessionStorage.getItem(TOKEN),
  email: (): string | null => sessionStorage.getItem(`${TOKEN}.email`),
  start(token: string, email: string): void {
    sessionStorage.setItem(TOKEN, token);
    sessionStorage.setItem(`${TOKEN}.email`, email);
  },
  end(): void {
    sessionStorage.removeItem(TOKEN);
    sessionStorage.removeItem(`${TOKEN}.email`);
    playgroundKey.value = null;
  },
};

/**
 * The API key the playground uses. Kept in memory only: a key created in this page can be used
 * until the page is reloaded, a pasted one likewise; neither is ever written to storage.
 */
export const playgroundKey: { value: string | null } = { value: null };

/** The typed client (openapi-fetch over the generated types), on this page's own origin. */
export function api(): CremaClient {
  return createCremaClient({ baseUrl: location.origin, token: session.token() ?? undefined });
}

/** A client that sends an API key; throws when the key is not `cmp_`-shaped. */
export function keyClient(apiKey: string): CremaClient {
  return createCremaClient({ baseUrl: location.origin, apiKey });
}

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

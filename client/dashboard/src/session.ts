import { createCremaClient, type CremaClient } from '../../index.js';

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

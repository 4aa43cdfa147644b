import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from '../generated/schema.js';

export interface CremaClientOptions {
  /** Server origin, e.g. `http://localhost:8080` (routes already start with `/api`). */
  baseUrl: string;
  /** An API key (`cmp_...`), sent as `X-API-Key` on every request that has none. */
  apiKey?: string | undefined;
  /** A bearer session token for profile and key routes. */
  token?: string | undefined;
  /** The fetch to use. Default `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch;
}

export type CremaClient = Client<paths> & { readonly apiKey: string | undefined };

/** Keys are `cmp_` plus base62 characters; checked before sending, as the description asks of clients. */
export function isApiKeyShaped(key: string): boolean {
  return /^cmp_[A-Za-z0-9]{16,}$/.test(key);
}

function credentials(apiKey: string | undefined, token: string | undefined): Middleware {
  return {
    onRequest({ request }) {
      if (apiKey && !request.headers.has('X-API-Key')) request.headers.set('X-API-Key', apiKey);
      if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
}

/** Creates a typed client; throws at once when `apiKey` is not `cmp_`-shaped. */
export function createCremaClient(options: CremaClientOptions): CremaClient {
  if (options.apiKey !== undefined && !isApiKeyShaped(options.apiKey)) {
    throw new Error('API keys start with cmp_ followed by base62 characters');
  }
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(credentials(options.apiKey, options.token));
  return Object.assign(client, { apiKey: options.apiKey });
}

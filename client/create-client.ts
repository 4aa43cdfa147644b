import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from '../generated/schema.js';
import { toWire, type Camelize } from './case.js';
import { CremaError } from './crema-error.js';
import type { BatchRequest, BatchResponse, BatchResult, FamilyName, SingleRequest, SingleResponse, SingleResult } from './families.js';
import { retryingFetch, type RetryOptions } from './retry.js';
import { streamEvents, type StreamEvent } from './sse.js';

type Schemas = components['schemas'];

export interface CremaClientOptions {
  /** Server origin, e.g. `http://localhost:8080` (routes already start with `/api`). */
  baseUrl: string;
  /** An API key (`cmp_...`), sent as `X-API-Key` on every request that has none. */
  apiKey?: string | undefined;
  /** A bearer session token for profile and key routes. */
  token?: string | undefined;
  /** The fetch to use. Default `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch;
  /** Retry policy (see {@link RetryOptions}); `false` sends every request once. Default: 3 attempts. */
  retry?: RetryOptions | false;
}

/**
 * Methods over the raw client. Options are camelCase and sent as the wire's snake_case;
 * results are the wire objects (snake_case, typed from the spec) so they read like the API
 * reference. Every method throws {@link CremaError} on a non-2xx answer or a network failure.
 */
export interface CremaMethods {
  /** The openapi-fetch client (`GET`/`POST`/...), returning `{data, error, response}` without throwing. */
  readonly raw: Client<paths>;
  readonly apiKey: string | undefined;
  compress<F extends FamilyName>(family: F, request: Camelize<SingleRequest<F>>): Promise<SingleResult<F>>;
  compressBatch<F extends FamilyName>(family: F, request: Camelize<BatchRequest<F>>): Promise<BatchResult<F>>;
  /** Yields the events of a `/stream` route as they arrive; an `error` frame throws `CremaError('stream_error')`. */
  stream<F extends FamilyName>(family: F, request: Camelize<SingleRequest<F>>): AsyncGenerator<StreamEvent>;
  models(family: FamilyName): Promise<Schemas['ModelRecord'][]>;
  model(family: FamilyName, modelId: string): Promise<Schemas['ModelRecord']>;
  tiers(): Promise<Schemas['Tier'][]>;
  estimateCost(request: Camelize<Schemas['CostEstimateRequest']>): Promise<Schemas['CostEstimate']>;
  /** Opens a bearer session; pass its `token` to a new client for the key and profile routes. */
  login(request: Camelize<Schemas['LoginRequest']>): Promise<Schemas['SessionResponse']['data']>;
  /** Ends the bearer session this client carries. */
  logoutSession(): Promise<void>;
  /** `POST /api/authorize/logout`: revokes the API key this client carries; the key's id, or null when it was already revoked. */
  logout(): Promise<string | null>;
  profile(): Promise<Schemas['Profile']>;
  rateLimits(): Promise<Schemas['RateLimitsResponse']['data']>;
  /** `GET /api/gateway/status` with this client's API key: tier, balance, spend, request counts. */
  gatewayStatus(): Promise<Schemas['GatewayStatusResult']>;
  readonly keys: {
    list(): Promise<Schemas['ApiKey'][]>;
    create(request: Camelize<Schemas['ApiKeyCreateRequest']>): Promise<Schemas['ApiKeyCreated']>;
    get(keyId: string): Promise<Schemas['ApiKey']>;
    revoke(keyId: string): Promise<Schemas['ApiKey']>;
  };
}

export type CremaClient = Client<paths> & CremaMethods;

/** Keys are `cmp_` plus base62 characters; checked before sending, as the description asks of clients. */
export function isApiKeyShaped(key: string): boolean {
  return /^cmp_[A-Za-z0-9]{16,}$/.test(key);
}

function badKey(): CremaError {
  return new CremaError({ status: 0, code: 'invalid_api_key', message: 'API keys start with cmp_ followed by base62 characters; nothing was sent' });
}

function credentials(apiKey: string | undefined, token: string | undefined): Middleware {
  return {
    onRequest({ request }) {
      if (apiKey && !request.headers.has('X-API-Key')) request.headers.set('X-API-Key', apiKey);
      if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
      const sent = request.headers.get('X-API-Key');
      if (sent !== null && !isApiKeyShaped(sent)) throw badKey();
      return request;
    },
  };
}

interface Answer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The success `data`, or the answer's error as a {@link CremaError}. */
function unwrap(answer: Answer): unknown {
  if (!answer.response.ok) throw CremaError.fromResponse(answer.response, answer.error);
  return (answer.data as { data?: unknown } | undefined)?.data;
}

async function call(send: () => Promise<Answer>): Promise<Answer> {
  try {
    return await send();
  } catch (err) {
    if (err instanceof CremaError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    throw new CremaError({ status: 0, code: 'network_error', message: `could not reach the server: ${message}`, cause: err });
  }
}

/**
 * Creates the crema client: the raw typed client with credentials, retries and key checks, plus
 * one method per operation family. Throws at once when `apiKey` is not `cmp_`-shaped.
 * @example
 * const crema = createCremaClient({ baseUrl: 'http://localhost:8080', apiKey: process.env.CREMA_API_KEY });
 * const out = await crema.compress('question-specific', { context, query, compressionModelName: 'latte_v2', targetCompressionRatio: 4 });
 * console.log(out.compressed_context, out.tokens_saved);
 * // the raw client stays available, wire names and all:
 * const { data, error } = await crema.POST('/api/pricing/estimate-cost', { body: { input_tokens: 1000 } });
 */
export function createCremaClient(options: CremaClientOptions): CremaClient {
  const { apiKey, token } = options;
  if (apiKey !== undefined && !isApiKeyShaped(apiKey)) throw badKey();
  const baseFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    fetch: retryingFetch(baseFetch, options.retry === false ? { attempts: 1 } : options.retry),
  });
  client.use(credentials(apiKey, token));

  // The family methods share one generic path per operation; openapi-fetch types each literal
  // path separately, so these calls go through an untyped view and the method signatures above
  // carry the types.
  const loose = client as unknown as Record<'GET' | 'POST' | 'PATCH' | 'DELETE', (path: string, init?: object) => Promise<Answer>>;
  const keyHeader = (): { header: { 'X-API-Key': string } } => {
    if (!apiKey) throw new CremaError({ status: 0, code: 'missing_api_key', message: 'this call needs an API key (apiKey option); nothing was sent' });
    return { header: { 'X-API-Key': apiKey } };
  };
  // `R` names the response schema of the route, so each method's return type is checked against it.
  type DataOf<R> = R extends { data: infer D } ? D : never;
  const post = async <R>(path: string, body: unknown, withKey = false): Promise<DataOf<R>> =>
    unwrap(await call(() => loose.POST(path, { body: toWire(body), ...(withKey ? { params: keyHeader() } : {}) }))) as DataOf<R>;
  const get = async <R>(path: string): Promise<DataOf<R>> => unwrap(await call(() => loose.GET(path))) as DataOf<R>;
  const del = async <R>(path: string): Promise<DataOf<R>> => unwrap(await call(() => loose.DELETE(path))) as DataOf<R>;
  const single = <F extends FamilyName>(family: F) => `/api/compress/${family}/` as const;

  const methods: CremaMethods = {
    raw: client,
    apiKey,
    compress: async (family, request) => post<SingleResponse<typeof family>>(single(family), request, true),
    compressBatch: async (family, request) => post<BatchResponse<typeof family>>(`/api/compress/${family}/batch`, request, true),
    async *stream(family, request) {
      const answer = await call(() => loose.POST(`/api/compress/${family}/stream`, { body: toWire(request), params: keyHeader(), parseAs: 'stream' }));
      if (!answer.response.ok) throw CremaError.fromResponse(answer.response, answer.error);
      yield* streamEvents(answer.data as ReadableStream<Uint8Array>);
    },
    models: async (family) => (await get<Schemas['ModelListResponse']>(`/api/compress/${family}/models`)).models,
    model: async (family, modelId) => get<Schemas['ModelResponse']>(`/api/compress/${family}/models/${encodeURIComponent(modelId)}`),
    tiers: async () => {
      const answer = await call(() => client.GET('/api/billing/tiers'));
      if (!answer.response.ok) throw CremaError.fromResponse(answer.response, answer.error);
      return (answer.data as Schemas['TiersResponse']).tiers;
    },
    estimateCost: async (request) => post<Schemas['CostEstimateResponse']>('/api/pricing/estimate-cost', request),
    login: async (request) => post<Schemas['SessionResponse']>('/api/auth/login', request),
    logoutSession: async () => void (await post<Schemas['MessageResponse']>('/api/auth/logout-session', undefined)),
    logout: async () => {
      // The answer is flat (the hosted API's LogoutResponse), not a `data` envelope.
      const answer = await call(() => loose.POST('/api/authorize/logout', { params: keyHeader() }));
      if (!answer.response.ok) throw CremaError.fromResponse(answer.response, answer.error);
      return (answer.data as Schemas['LogoutResponse']).revoked_key_id;
    },
    profile: async () => get<Schemas['ProfileResponse']>('/api/profile/me'),
    rateLimits: async () => get<Schemas['RateLimitsResponse']>('/api/profile/rate-limits'),
    gatewayStatus: async () => unwrap(await call(() => loose.GET('/api/gateway/status', { params: keyHeader() }))) as Schemas['GatewayStatusResult'],
    keys: {
      list: async () => (await get<Schemas['ApiKeyListResponse']>('/api/keys')).keys,
      create: async (request) => post<Schemas['ApiKeyCreatedResponse']>('/api/keys', request),
      get: async (keyId) => get<Schemas['ApiKeyResponse']>(`/api/keys/${encodeURIComponent(keyId)}`),
      revoke: async (keyId) => del<Schemas['ApiKeyResponse']>(`/api/keys/${encodeURIComponent(keyId)}`),
    },
  };
  return Object.assign(client, methods);
}

import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './generated/schema.js';
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
  /**
   * Milliseconds a call may take in all, retries and their waits included, before it fails
   * with `CremaError` code `timeout`. Default: none (the server's own budget, 60 s, still applies).
   */
  timeout?: number | undefined;
}

/** Per-call options, the last argument of every method. */
export interface CallOptions {
  /** Aborts the call (and its retries); it then fails with `CremaError` code `aborted`. */
  signal?: AbortSignal | undefined;
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
  compress<F extends FamilyName>(family: F, request: Camelize<SingleRequest<F>>, options?: CallOptions): Promise<SingleResult<F>>;
  compressBatch<F extends FamilyName>(family: F, request: Camelize<BatchRequest<F>>, options?: CallOptions): Promise<BatchResult<F>>;
  /** Yields the events of a `/stream` route as they arrive; an `error` frame throws `CremaError('stream_error')`. */
  stream<F extends FamilyName>(family: F, request: Camelize<SingleRequest<F>>, options?: CallOptions): AsyncGenerator<StreamEvent>;
  models(family: FamilyName, options?: CallOptions): Promise<Schemas['ModelRecord'][]>;
  model(family: FamilyName, modelId: string, options?: CallOptions): Promise<Schemas['ModelRecord']>;
  tiers(options?: CallOptions): Promise<Schemas['Tier'][]>;
  estimateCost(request: Camelize<Schemas['CostEstimateRequest']>, options?: CallOptions): Promise<Schemas['CostEstimate']>;
  /** Opens a bearer session; pass its `token` to a new client for the key and profile routes. */
  login(request: Camelize<Schemas['LoginRequest']>, options?: CallOptions): Promise<Schemas['SessionResponse']['data']>;
  /** Ends the bearer session this client carries. */
  logoutSession(options?: CallOptions): Promise<void>;
  /** `POST /api/authorize/logout`: revokes the API key this client carries; the key's id, or null when it was already revoked. */
  logout(options?: CallOptions): Promise<string | null>;
  profile(options?: CallOptions): Promise<Schemas['Profile']>;
  rateLimits(options?: CallOptions): Promise<Schemas['RateLimitsResponse']['data']>;
  /** `GET /api/gateway/status` with this client's API key: tier, balance, spend, request counts. */
  gatewayStatus(options?: CallOptions): Promise<Schemas['GatewayStatusResult']>;
  readonly keys: {
    list(options?: CallOptions): Promise<Schemas['ApiKey'][]>;
    create(request: Camelize<Schemas['ApiKeyCreateRequest']>, options?: CallOptions): Promise<Schemas['ApiKeyCreated']>;
    get(keyId: string, options?: CallOptions): Promise<Schemas['ApiKey']>;
    /** `PATCH /api/keys/{key_id}`: a new monthly budget in USD, or `null` for no cap. */
    update(keyId: string, request: Camelize<Schemas['ApiKeyUpdateRequest']>, options?: CallOptions): Promise<Schemas['ApiKey']>;
    revoke(keyId: string, options?: CallOptions): Promise<Schemas['ApiKey']>;
  };
  /** `POST /api/auth/signup`: creates an account and opens a bearer session. */
  signup(request: Camelize<Schemas['SignupRequest']>, options?: CallOptions): Promise<Schemas['SessionResponse']['data']>;
  /** `PATCH /api/profile/me`. */
  updateProfile(request: Camelize<Schemas['ProfileUpdateRequest']>, options?: CallOptions): Promise<Schemas['Profile']>;
  /** `GET /api/usage`: usage grouped by day, model, key or source. */
  usage(query?: Camelize<NonNullable<paths['/api/usage']['get']['parameters']['query']>>, options?: CallOptions): Promise<Schemas['UsageReport']>;
  /** `GET /api/usage/ledger`: the credit ledger, newest first. */
  ledger(query?: Camelize<NonNullable<paths['/api/usage/ledger']['get']['parameters']['query']>>, options?: CallOptions): Promise<Schemas['LedgerPage']>;
  /** `GET /api/compress/models`: every family's models, or one family's. */
  allModels(family?: FamilyName, options?: CallOptions): Promise<Schemas['CompressModelsResponse']['data']>;
  /** `GET /api/pricing/compression-models`: every model with its price. */
  pricing(options?: CallOptions): Promise<Schemas['PricingModelsResponse']['data']>;
  /** `POST /api/tokens/count`: tokens of a text (o200k_base), free. */
  countTokens(request: Camelize<Schemas['TokenCountRequest']>, options?: CallOptions): Promise<Schemas['TokenCountResponse']>;
  /** `GET /health/ready`: whether the server can take work now (throws `CremaError` on 503). */
  ready(options?: CallOptions): Promise<Schemas['ReadinessResponse']>;
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

/** The whole success body (routes without a `data` envelope), or the answer's error. */
function body(answer: Answer): unknown {
  if (!answer.response.ok) throw CremaError.fromResponse(answer.response, answer.error);
  return answer.data;
}

const isNamed = (err: unknown, name: string): boolean => typeof err === 'object' && err !== null && (err as { name?: unknown }).name === name;

/** What failed underneath `fetch failed`: undici puts the system error (ECONNREFUSED, ENOTFOUND) in `cause`. */
function networkReason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const cause = err instanceof Error ? (err.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : undefined;
  return detail && !message.includes(detail) ? `${message}: ${detail}` : message;
}

/**
 * Sends through openapi-fetch and turns what is not an HTTP answer into a {@link CremaError}
 * naming the URL tried: a timeout (`timeout`), the caller's abort (`aborted`), or no connection
 * (`network_error`).
 */
async function call(url: string, timeoutMs: number | undefined, send: () => Promise<Answer>): Promise<Answer> {
  try {
    return await send();
  } catch (err) {
    if (err instanceof CremaError) throw err;
    if (isNamed(err, 'TimeoutError')) {
      throw new CremaError({ status: 0, code: 'timeout', message: `no answer from ${url} within ${timeoutMs ?? '?'} ms (the timeout option)`, cause: err });
    }
    if (isNamed(err, 'AbortError')) throw new CremaError({ status: 0, code: 'aborted', message: `the call to ${url} was aborted`, cause: err });
    throw new CremaError({ status: 0, code: 'network_error', message: `could not reach the server at ${url} (${networkReason(err)})`, cause: err });
  }
}

/** Adds the client's `timeout` to every request's signal; it covers the retries inside. */
function withTimeout(fetchImpl: typeof globalThis.fetch, timeoutMs: number | undefined): typeof globalThis.fetch {
  if (timeoutMs === undefined) return fetchImpl;
  if (!(Number.isFinite(timeoutMs) && timeoutMs > 0)) throw new RangeError(`timeout must be a positive number of milliseconds, got ${timeoutMs}`);
  return async (input, init) => {
    const request = new Request(input, init);
    // One controller, held with its timer until the call settles, passed as the signal: undici's
    // Request follows a signal through weak references, and AbortSignal.any / .timeout are weakly
    // held too, so after a garbage collection a timeout built from them could never fire.
    const controller = new AbortController();
    const abort = () => controller.abort(request.signal.reason);
    if (request.signal.aborted) abort();
    else request.signal.addEventListener('abort', abort, { once: true });
    const timer = setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), timeoutMs);
    try {
      return await fetchImpl(request, { signal: controller.signal });
    } finally {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', abort);
    }
  };
}

/**
 * Creates the crema client: the raw typed client with credentials, retries and key checks, plus
 * one method per operation family. Throws at once when `apiKey` is not `cmp_`-shaped.
 * @example
 * const crema = createCremaClient({ baseUrl: 'http://localhost:8080', apiKey: process.env.CREMA_API_KEY, timeout: 30_000 });
 * const out = await crema.compress('question-specific', { context, query, compressionModelName: 'latte_v2', targetCompressionRatio: 4 });
 * console.log(out.compressed_context, out.tokens_saved);
 * // a per-call signal: the call and its retries stop when it aborts
 * await crema.compress('markdown', { context: doc, compressionModelName: 'markdown_v1' }, { signal: controller.signal });
 * // the raw client stays available, wire names and all:
 * const { data, error } = await crema.POST('/api/pricing/estimate-cost', { body: { input_tokens: 1000 } });
 */
export function createCremaClient(options: CremaClientOptions): CremaClient {
  const { apiKey, token, timeout } = options;
  if (apiKey !== undefined && !isApiKeyShaped(apiKey)) throw badKey();
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const baseFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const client = createClient<paths>({
    baseUrl,
    fetch: withTimeout(retryingFetch(baseFetch, options.retry === false ? { attempts: 1 } : options.retry), timeout),
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
  const send = (method: keyof typeof loose, path: string, init: object, o: CallOptions | undefined): Promise<Answer> =>
    call(`${baseUrl}${path}`, timeout, () => loose[method](path, { ...init, ...(o?.signal ? { signal: o.signal } : {}) }));
  // `R` names the response schema of the route, so each method's return type is checked against it.
  type DataOf<R> = R extends { data: infer D } ? D : never;
  const post = async <R>(path: string, payload: unknown, o: CallOptions | undefined, withKey = false): Promise<DataOf<R>> =>
    unwrap(await send('POST', path, { body: toWire(payload), ...(withKey ? { params: keyHeader() } : {}) }, o)) as DataOf<R>;
  const get = async <R>(path: string, o: CallOptions | undefined, query?: object): Promise<DataOf<R>> =>
    unwrap(await send('GET', path, query ? { params: { query: toWire(query) } } : {}, o)) as DataOf<R>;
  const patch = async <R>(path: string, payload: unknown, o: CallOptions | undefined): Promise<DataOf<R>> => unwrap(await send('PATCH', path, { body: toWire(payload) }, o)) as DataOf<R>;
  const del = async <R>(path: string, o: CallOptions | undefined): Promise<DataOf<R>> => unwrap(await send('DELETE', path, {}, o)) as DataOf<R>;
  const single = <F extends FamilyName>(family: F) => `/api/compress/${family}/` as const;
  const keyPath = (keyId: string): string => `/api/keys/${encodeURIComponent(keyId)}`;

  const methods: CremaMethods = {
    raw: client,
    apiKey,
    compress: async (family, request, o) => post<SingleResponse<typeof family>>(single(family), request, o, true),
    compressBatch: async (family, request, o) => post<BatchResponse<typeof family>>(`/api/compress/${family}/batch`, request, o, true),
    async *stream(family, request, o) {
      const answer = await send('POST', `/api/compress/${family}/stream`, { body: toWire(request), params: keyHeader(), parseAs: 'stream' }, o);
      if (!answer.response.ok) throw CremaError.fromResponse(answer.response, answer.error);
      yield* streamEvents(answer.data as ReadableStream<Uint8Array>);
    },
    models: async (family, o) => (await get<Schemas['ModelListResponse']>(`/api/compress/${family}/models`, o)).models,
    model: async (family, modelId, o) => get<Schemas['ModelResponse']>(`/api/compress/${family}/models/${encodeURIComponent(modelId)}`, o),
    tiers: async (o) => (body(await send('GET', '/api/billing/tiers', {}, o)) as Schemas['TiersResponse']).tiers,
    estimateCost: async (request, o) => post<Schemas['CostEstimateResponse']>('/api/pricing/estimate-cost', request, o),
    login: async (request, o) => post<Schemas['SessionResponse']>('/api/auth/login', request, o),
    signup: async (request, o) => post<Schemas['SessionResponse']>('/api/auth/signup', request, o),
    logoutSession: async (o) => void (await post<Schemas['MessageResponse']>('/api/auth/logout-session', undefined, o)),
    // The answer is flat (the hosted API's LogoutResponse), not a `data` envelope.
    logout: async (o) => (body(await send('POST', '/api/authorize/logout', { params: keyHeader() }, o)) as Schemas['LogoutResponse']).revoked_key_id,
    profile: async (o) => get<Schemas['ProfileResponse']>('/api/profile/me', o),
    updateProfile: async (request, o) => patch<Schemas['ProfileResponse']>('/api/profile/me', request, o),
    rateLimits: async (o) => get<Schemas['RateLimitsResponse']>('/api/profile/rate-limits', o),
    gatewayStatus: async (o) => unwrap(await send('GET', '/api/gateway/status', { params: keyHeader() }, o)) as Schemas['GatewayStatusResult'],
    usage: async (query, o) => get<Schemas['UsageReportResponse']>('/api/usage', o, query),
    ledger: async (query, o) => get<Schemas['LedgerResponse']>('/api/usage/ledger', o, query),
    allModels: async (family, o) => get<Schemas['CompressModelsResponse']>('/api/compress/models', o, family ? { modelType: family } : undefined),
    pricing: async (o) => get<Schemas['PricingModelsResponse']>('/api/pricing/compression-models', o),
    countTokens: async (request, o) => body(await send('POST', '/api/tokens/count', { body: toWire(request) }, o)) as Schemas['TokenCountResponse'],
    ready: async (o) => body(await send('GET', '/health/ready', {}, o)) as Schemas['ReadinessResponse'],
    keys: {
      list: async (o) => (await get<Schemas['ApiKeyListResponse']>('/api/keys', o)).keys,
      create: async (request, o) => post<Schemas['ApiKeyCreatedResponse']>('/api/keys', request, o),
      get: async (keyId, o) => get<Schemas['ApiKeyResponse']>(keyPath(keyId), o),
      update: async (keyId, request, o) => patch<Schemas['ApiKeyResponse']>(keyPath(keyId), request, o),
      revoke: async (keyId, o) => del<Schemas['ApiKeyResponse']>(keyPath(keyId), o),
    },
  };
  return Object.assign(client, methods);
}

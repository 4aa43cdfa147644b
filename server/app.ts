import { randomUUID } from 'node:crypto';
import express, { type Express } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { authRoutes } from './accounts/auth.routes.js';
import { profileRoutes } from './accounts/profile.routes.js';
import { apiKeyRoutes } from './api-keys/api-keys.routes.js';
import { cliTokenRoutes } from './api-keys/cli-token.routes.js';
import { hostedKeyRoutes } from './api-keys/hosted-keys.routes.js';
import { adminRoutes } from './billing/admin.routes.js';
import { dashboardRouter } from './dashboard/dashboard-router.js';
import { billingRoutes } from './billing/billing.routes.js';
import './request-locals.js';
import { createConcurrencyCap } from './rate-limit/concurrency-cap.js';
import { perIpLimit } from './rate-limit/per-ip-limit.js';
import { createServices, type Services } from './services.js';
import { allFamilyInfoRoutes } from './compression/family-info.routes.js';
import { modelsRoutes } from './compression/models.routes.js';
import { tokenCountRoutes } from './compression/token-count.routes.js';
import { pricingModelsRoutes } from './billing/pricing-models.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { familyHealthRoutes } from './health/family-health.routes.js';
import { alreadyReady, type Readiness } from './model/readiness.js';
import type { CompressionBackend } from './compression/compression-backend.js';
import { FAMILIES } from './catalog/families.js';
import { ADAPTERS } from './compression/adapters.js';
import { familyRoutes } from './compression/family-routes.js';
import type { Config } from './config.js';
import type { DbHandle } from './db/create-db.js';
import { docsRoutes } from './docs/docs.routes.js';
import { gatewayStatusRoutes } from './gateway/gateway-status.routes.js';
import { errorHandler, notFound } from './http/api-error-middleware.js';
import { corsFor } from './http/cors.js';
import { registerRoutes, type Route } from './http/route-table.js';
import { createMetrics, type Metrics } from './http/metrics.js';
import { requireBody } from './http/require-body.js';
import { requireHttps } from './http/require-https.js';
import { addTrailingSlash } from './http/trailing-slash.js';
import { isWarmUp } from './http/warm-routes.js';
import type { WeightsAvailability } from './model/weights-availability.js';
import { loadSpec } from './project/openapi-spec.js';
import type { QuotaStore } from './rate-limit/quota.js';
import { usageRoutes } from './usage/usage.routes.js';
import { DEFAULT_PROXY_SETTINGS } from './proxy/proxy-settings.js';
import { proxyRoutes } from './proxy/proxy.routes.js';
import { createSlotCompressor } from './proxy/slot-compressor.js';
import { createTurnCache, type TurnCache } from './proxy/turn-cache.js';
import { VERSION } from './version.js';

/** What the app is built from; `server/main.ts` makes the real ones, tests make their own. */
export interface AppDeps {
  config: Config;
  db: DbHandle;
  logger: Logger;
  quotas: QuotaStore;
  weights: WeightsAvailability;
  /** Whether the engine has loaded the weights (`main.ts` starts the warm-up); default: ready. */
  readiness?: Readiness;
  /** Milliseconds clock, injectable for tests. Default `Date.now`. */
  now?: () => number;
  /** Runs compression and token counting (a worker-thread pool in production). */
  backend: CompressionBackend;
  /** Prebuilt services (tests share them with helper routes); built from the other deps by default. */
  services?: Services;
  /** The proxy's store of compressed turns; default: a new in-process one per app. */
  proxyCache?: TurnCache;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The services the deps carry, or new ones built from them. */
function servicesOf(deps: AppDeps, now: () => number): Services {
  const { config } = deps;
  return (
    deps.services ??
    createServices({
      db: deps.db.db,
      quotas: deps.quotas,
      clock: () => new Date(now()),
      sessionTtlMs: config.sessionTtlHours * 3_600_000,
      adminEmail: config.adminEmail,
      signup: config.signup,
      overlapHold: config.overlapHold,
    })
  );
}

/** Every mounted route, from each domain's table (exported so a test can compare it with the spec). */
export function routeTable(deps: AppDeps, now: () => number = deps.now ?? Date.now, metrics?: Metrics): Route[] {
  const { config } = deps;
  // One cap for all families: it bounds an account's share of the engine, whatever it calls.
  const concurrency = createConcurrencyCap(config.maxConcurrentPerAccount);
  const services = servicesOf(deps, now);
  const readiness = deps.readiness ?? alreadyReady(now);
  const startedAt = now();
  return [
    ...healthRoutes({ db: deps.db, weights: deps.weights, readiness, quotas: deps.quotas, version: VERSION, startedAt, now }),
    ...familyHealthRoutes({ db: deps.db, weights: deps.weights, readiness, quotas: deps.quotas, version: VERSION, startedAt, now }),
    ...allFamilyInfoRoutes({ weights: deps.weights }),
    ...modelsRoutes({ weights: deps.weights }),
    ...pricingModelsRoutes(),
    ...tokenCountRoutes({ perIpLimit: perIpLimit(deps.quotas, 'token counting', config.estimateRpmPerIp) }),
    ...billingRoutes({ quotas: deps.quotas, estimateRpmPerIp: config.estimateRpmPerIp }),
    ...authRoutes({ auth: services.auth, keys: services.keys, perIpLimit: perIpLimit(deps.quotas, 'sign-in', config.authRpmPerIp) }),
    ...profileRoutes({ auth: services.auth, profiles: services.profiles }),
    ...apiKeyRoutes({ auth: services.auth, keys: services.keys }),
    ...hostedKeyRoutes({ auth: services.auth, keys: services.keys, hosted: services.hostedKeys }),
    ...adminRoutes({ auth: services.auth, billing: services.billing }),
    ...usageRoutes({ auth: services.auth, usage: services.usage, stats: services.usageStats }),
    ...cliTokenRoutes({ auth: services.auth, keys: services.keys, clock: () => new Date(now()) }),
    ...gatewayStatusRoutes({ keys: services.keys, gateway: services.gateway }),
    ...FAMILIES.flatMap((family) =>
      familyRoutes(ADAPTERS[family.id], {
        backend: metrics ? metrics.instrument(deps.backend) : deps.backend,
        ...(metrics ? { onTokens: metrics.countTokens } : {}),
        concurrency,
        weights: deps.weights,
        meter: services.meter,
        keys: services.keys,
        requestTimeoutMs: config.requestTimeoutMs,
        streamTimeoutMs: config.streamTimeoutMs,
        stop: services.stop.signal,
      }),
    ),
  ];
}

/**
 * Builds the Express app: request ids and logs, HTTPS policy, JSON parsing, the OpenAPI validator, the
 * route tables, and the one error path (docs/architecture.md). Importing or calling it starts nothing.
 * @example const app = createApp({ config, db, logger, quotas, weights, backend }); app.listen(config.port);
 */
export function createApp(deps: AppDeps): Express {
  const { config, logger } = deps;
  const now = deps.now ?? Date.now;
  const app = express();
  const metrics = createMetrics({ db: deps.db });
  app.disable('x-powered-by');
  // No ETag and no conditional GETs, so no 304: every answer is the documented JSON body.
  app.set('etag', false);
  app.use((req, _res, next) => {
    delete req.headers['if-none-match'];
    delete req.headers['if-modified-since'];
    next();
  });
  app.set('trust proxy', config.trustProxy);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
      // The start's own requests (server/http/warm-routes.ts) are not traffic.
      autoLogging: { ignore: isWarmUp },
    }),
  );
  app.use((req, res, next) => (isWarmUp(req) ? next() : metrics.middleware(req, res, next)));
  // Outside the API spec and the HTTPS policy: scraped over the private network.
  if (config.metrics) app.get('/metrics', metrics.handler);
  const cors = corsFor(config.corsOrigins);
  if (cors) app.use(cors);
  // Warm-up requests come from this process over loopback, never from a client.
  if (config.requireHttps) app.use((req, res, next) => (isWarmUp(req) ? next() : requireHttps(req, res, next)));
  app.use(addTrailingSlash(FAMILIES.map((f) => f.basePath)));
  app.use(dashboardRouter());
  // One set of services for the proxy and the route table (the proxy bills through the same meter).
  const services = servicesOf(deps, now);
  // The proxy speaks the providers' wire formats, not crema's: outside the spec, before crema's
  // JSON parser and validator (it parses its own bodies, so a bad one gets the provider's error shape).
  if (config.proxyUpstreamOpenai || config.proxyUpstreamAnthropic) {
    app.use(
      proxyRoutes({
        upstreams: { openai: config.proxyUpstreamOpenai, anthropic: config.proxyUpstreamAnthropic },
        defaultCremaKey: config.proxyCremaKey,
        keys: services.keys,
        compress: createSlotCompressor({ backend: metrics.instrument(deps.backend), meter: services.meter, cache: deps.proxyCache ?? createTurnCache(), settings: { ...DEFAULT_PROXY_SETTINGS, keepRecentTurns: config.proxyKeepRecentTurns, compactEvery: config.proxyCompactEvery } }),
        compressionTimeoutMs: config.requestTimeoutMs,
        bodyLimit: config.bodyLimit,
        stop: services.stop.signal,
        logger,
      }),
    );
  }
  // GET and HEAD take no body: one sent anyway is not read, so it cannot fail them.
  const json = express.json({ limit: config.bodyLimit });
  app.use((req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? next() : json(req, res, next)));
  // the spec and its reference page are not operations of the spec, so they come before the validator
  app.use(docsRoutes());
  app.use(specValidator(config.validateResponses));

  app.use(requireBody);

  const router = express.Router();
  registerRoutes(router, routeTable({ ...deps, services }, now, metrics));
  app.use(router);

  app.use(notFound);
  app.use(errorHandler(logger));
  return app;
}

/**
 * One validator per process and setting: it compiles a route's schemas on the route's first request
 * (0.1-0.6 s of CPU), and every app the process builds (a test run builds hundreds) reuses them.
 */
const validators = new Map<boolean, ReturnType<typeof OpenApiValidator.middleware>>();
function specValidator(validateResponses: boolean): ReturnType<typeof OpenApiValidator.middleware> {
  let validator = validators.get(validateResponses);
  if (!validator) {
    validator = OpenApiValidator.middleware({
      apiSpec: loadSpec() as never,
      validateRequests: { allErrors: true, allowUnknownQueryParameters: true },
      validateResponses: validateResponses ? { allErrors: true } : false,
      validateSecurity: false,
      validateFormats: true,
      ignoreUndocumented: false,
      // match on req.url, so the trailing-slash rewrite above reaches the validator too
      useRequestUrl: true,
    });
    validators.set(validateResponses, validator);
  }
  return validator;
}

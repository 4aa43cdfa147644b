import type { Response } from 'express';
import type { components } from '../../generated/schema.js';
import type { DbHandle } from '../db/create-db.js';
import { checkDatabase, lastDatabaseCheck } from '../db/database-probe.js';
import type { Route } from '../http/route-table.js';
import { catalogWeights, type Readiness } from '../model/readiness.js';
import type { WeightsAvailability } from '../model/weights-availability.js';
import type { QuotaStore } from '../rate-limit/quota.js';

type ServiceRootResponse = components['schemas']['ServiceRootResponse'];
type LivenessResponse = components['schemas']['LivenessResponse'];
type ReadinessResponse = components['schemas']['ReadinessResponse'];
type DeepHealthResponse = components['schemas']['DeepHealthResponse'];
type DependencyCheck = components['schemas']['DependencyCheck'];
type CircuitsResponse = components['schemas']['CircuitsResponse'];
type CircuitState = components['schemas']['CircuitState'];

export interface HealthRouteDeps {
  db: DbHandle;
  weights: WeightsAvailability;
  readiness: Readiness;
  quotas: Pick<QuotaStore, 'kind' | 'healthy'>;
  version: string;
  startedAt: number;
  now?: () => number;
}

/** How long the deep check waits for `select 1` before calling the database down. */
const DEEP_DB_TIMEOUT_MS = 2_000;
/** Retry-After on a 503 from these probes: a dependency or the model load may be back soon. */
const RETRY_AFTER_S = '5';

function redisState(quotas: HealthRouteDeps['quotas']): { ok: boolean; detail: string } {
  if (quotas.kind === 'memory') return { ok: true, detail: 'not configured (REDIS_URL unset): rate-limit counters are in memory' };
  return quotas.healthy() ? { ok: true, detail: 'connected' } : { ok: false, detail: 'Redis does not answer: rate limits hold per replica, in memory' };
}

function unavailable(res: Response): Response {
  return res.status(503).setHeader('Retry-After', RETRY_AFTER_S);
}

/** Service-level probes outside `/api`: the root, liveness, readiness, deep health and circuit states. */
export function healthRoutes(deps: HealthRouteDeps): Route[] {
  const now = deps.now ?? Date.now;
  const uptime = () => Math.round((now() - deps.startedAt) / 100) / 10;
  return [
    {
      method: 'get',
      path: '/',
      operationId: 'serviceRoot',
      handler: (_req, res) => {
        const body: ServiceRootResponse = { service: 'crema', status: 'ok', version: deps.version, docs: '/docs', dashboard: '/dashboard/' };
        res.json(body);
      },
    },
    {
      method: 'get',
      path: '/health',
      operationId: 'serviceHealth',
      // Liveness only: no database, Redis or model, so a balancer's probe never waits on them.
      handler: (_req, res) => {
        const body: LivenessResponse = { status: 'ok', version: deps.version, uptime_s: uptime() };
        res.json(body);
      },
    },
    {
      method: 'get',
      path: '/health/ready',
      operationId: 'serviceReady',
      handler: (_req, res) => {
        const status = deps.readiness.status();
        const body: ReadinessResponse = {
          status,
          ready: status === 'ready',
          weights: [...deps.readiness.weights()],
          since_ms: Math.max(0, now() - deps.readiness.since()),
          error: deps.readiness.error(),
        };
        (status === 'ready' ? res : unavailable(res)).json(body);
      },
    },
    {
      method: 'get',
      path: '/health/deep',
      operationId: 'serviceDeepHealth',
      handler: async (_req, res) => {
        const db = await checkDatabase(deps.db, DEEP_DB_TIMEOUT_MS, now);
        const database: DependencyCheck = { status: db.ok ? 'ok' : 'error', detail: db.error, driver: deps.db.driver };
        const r = redisState(deps.quotas);
        const redis: DependencyCheck = { status: r.ok ? 'ok' : 'error', detail: r.detail, store: deps.quotas.kind };
        const weights = catalogWeights().map((id) => ({ id, bundled: deps.weights.isAvailable(id) }));
        const missing = weights.filter((w) => !w.bundled).map((w) => w.id);
        const readiness = deps.readiness.status();
        const modelsOk = missing.length === 0 && readiness !== 'failed';
        const modelsDetail = missing.length ? `weights not bundled: ${missing.join(', ')}` : readiness === 'failed' ? `loading failed: ${deps.readiness.error()}` : readiness === 'loading' ? 'loading the weights' : null;
        const body: DeepHealthResponse = {
          status: db.ok && r.ok && modelsOk ? 'ok' : 'unavailable',
          version: deps.version,
          uptime_s: uptime(),
          checks: { database, redis, models: { status: modelsOk ? 'ok' : 'error', detail: modelsDetail, readiness, weights } },
        };
        (body.status === 'ok' ? res : unavailable(res)).json(body);
      },
    },
    {
      method: 'get',
      path: '/health/circuits',
      operationId: 'serviceCircuits',
      handler: (_req, res) => {
        const last = lastDatabaseCheck(deps.db);
        const database: CircuitState = last
          ? { state: last.ok ? 'closed' : 'open', detail: last.error, checked_ms_ago: Math.max(0, now() - last.at) }
          : { state: 'unknown', detail: 'not checked since start-up' };
        const r = redisState(deps.quotas);
        const redis: CircuitState = { state: r.ok ? 'closed' : 'open', detail: r.detail, store: deps.quotas.kind };
        const missing = catalogWeights().filter((id) => !deps.weights.isAvailable(id));
        const readiness = deps.readiness.status();
        const engine: CircuitState =
          readiness === 'failed'
            ? { state: 'open', detail: `loading failed: ${deps.readiness.error()}`, readiness }
            : missing.length
              ? { state: 'open', detail: `weights not bundled: ${missing.join(', ')}`, readiness }
              : { state: 'closed', detail: readiness === 'loading' ? 'loading the weights (requests load them on demand)' : null, readiness };
        const circuits = { database, redis, engine };
        const open = (Object.keys(circuits) as Array<keyof typeof circuits>).filter((k) => circuits[k].state === 'open');
        const body: CircuitsResponse = { status: open.length ? 'degraded' : 'ok', open, circuits };
        res.json(body);
      },
    },
  ];
}

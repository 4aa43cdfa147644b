import type { components } from '../../generated/schema.js';
import type { DbHandle } from '../db/create-db.js';
import { databaseAnswers } from '../db/database-probe.js';
import { ApiError } from '../http/api-error.js';
import type { Route } from '../http/route-table.js';
import type { Readiness } from '../model/readiness.js';
import type { WeightsAvailability } from '../model/weights-availability.js';
import type { QuotaStore } from '../rate-limit/quota.js';
import { FAMILIES, type Family } from '../catalog/families.js';
import { findModel, MODEL_CATALOG } from '../catalog/model-catalog.js';
import { modelDetail, modelListing } from './model-listing.js';

type HealthResponse = components['schemas']['HealthResponse'];
type ModelListResponse = components['schemas']['ModelListResponse'];
type ModelResponse = components['schemas']['ModelResponse'];

export interface FamilyInfoDeps {
  db: DbHandle;
  weights: WeightsAvailability;
  /** Whether the engine has loaded the weights (`compression_server` is false until it has). */
  readiness: Readiness;
  /** The rate-limit store; Redis down means per-replica insurance limits (degraded, still serving). */
  quotas: Pick<QuotaStore, 'kind' | 'healthy'>;
  version: string;
  startedAt: number;
  now?: () => number;
}

/** `GET /health`, `/models` and `/models/{model_id}` of one family. */
function familyInfoRoutes(family: Family, deps: FamilyInfoDeps): Route[] {
  const now = deps.now ?? Date.now;
  const specs = family.models.map((id) => MODEL_CATALOG[id]);
  const camel = family.id.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());
  return [
    {
      method: 'get',
      path: `${family.basePath}/health`,
      operationId: `${camel}Health`,
      handler: async (_req, res) => {
        const dbOk = await databaseAnswers(deps.db, Date.now);
        const models = specs.map((s) => ({
          id: s.id,
          status: deps.weights.isAvailable(s.weights) ? ('available' as const) : ('unavailable' as const),
        }));
        const limitsOk = deps.quotas.healthy();
        const engineUp = deps.readiness.status() === 'ready' && models.every((m) => m.status === 'available');
        const status: HealthResponse['status'] = !dbOk
          ? 'unavailable'
          : limitsOk && models.every((m) => m.status === 'available')
            ? 'ok'
            : 'degraded';
        const body: HealthResponse = {
          status,
          compression_server: engineUp,
          family: family.id,
          version: deps.version,
          uptime_s: Math.round((now() - deps.startedAt) / 100) / 10,
          database: { status: dbOk ? 'ok' : 'error', driver: deps.db.driver },
          rate_limits: { status: limitsOk ? 'ok' : 'error', store: deps.quotas.kind },
          models,
        };
        if (!dbOk) res.setHeader('Retry-After', '5');
        res.status(dbOk ? 200 : 503).json(body);
      },
    },
    {
      method: 'get',
      path: `${family.basePath}/models`,
      operationId: `${camel}ListModels`,
      handler: (_req, res) => {
        const body: ModelListResponse = {
          success: true,
          message: null,
          data: { family: family.id, ...modelListing(specs, deps.weights) },
        };
        res.json(body);
      },
    },
    {
      method: 'get',
      path: `${family.basePath}/models/:model_id`,
      operationId: `${camel}GetModel`,
      handler: (req, res) => {
        const id = String(req.params['model_id']);
        const spec = findModel(family.id, id);
        if (!spec) {
          throw new ApiError('model_not_found', `Model '${id}' not found in family ${family.id}`, { field: 'model_id' });
        }
        const body: ModelResponse = { success: true, message: null, data: modelDetail(spec, deps.weights) };
        res.json(body);
      },
    },
  ];
}

/** The info routes of all five families. */
export function allFamilyInfoRoutes(deps: FamilyInfoDeps): Route[] {
  return FAMILIES.flatMap((family) => familyInfoRoutes(family, deps));
}

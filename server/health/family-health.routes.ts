import type { components } from '../../generated/schema.js';
import { FAMILIES, type Family } from '../catalog/families.js';
import { MODEL_CATALOG } from '../catalog/model-catalog.js';
import { databaseAnswers } from '../db/database-probe.js';
import type { Route } from '../http/route-table.js';
import type { HealthRouteDeps } from './health.routes.js';

type HealthResponse = components['schemas']['HealthResponse'];

/** What a family's `/health` reads: the same as the service's own health routes. */
export type FamilyHealthDeps = HealthRouteDeps;

/** `GET /health` of one family: the database, the rate-limit store and the family's networks. */
function familyHealthRoute(family: Family, deps: FamilyHealthDeps): Route[] {
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
  ];
}

/** The `/health` route of every family. */
export function familyHealthRoutes(deps: FamilyHealthDeps): Route[] {
  return FAMILIES.flatMap((family) => familyHealthRoute(family, deps));
}

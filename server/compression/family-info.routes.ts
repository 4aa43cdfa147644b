import type { components } from '../../generated/schema.js';
import { ApiError } from '../http/api-error.js';
import type { Route } from '../http/route-table.js';
import type { WeightsAvailability } from '../model/weights-availability.js';
import { FAMILIES, type Family } from '../catalog/families.js';
import { findModel, MODEL_CATALOG } from '../catalog/model-catalog.js';
import { modelDetail, modelListing } from './model-listing.js';

type ModelListResponse = components['schemas']['ModelListResponse'];
type ModelResponse = components['schemas']['ModelResponse'];

export interface FamilyInfoDeps {
  weights: WeightsAvailability;
}

/** `GET /models` and `/models/{model_id}` of one family (its `/health` is in server/health/family-health.routes.ts). */
function familyInfoRoutes(family: Family, deps: FamilyInfoDeps): Route[] {
  const specs = family.models.map((id) => MODEL_CATALOG[id]);
  const camel = family.id.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());
  return [
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

/** The model routes of every family. */
export function allFamilyInfoRoutes(deps: FamilyInfoDeps): Route[] {
  return FAMILIES.flatMap((family) => familyInfoRoutes(family, deps));
}

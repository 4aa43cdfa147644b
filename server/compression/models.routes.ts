import type { components } from '../../generated/schema.js';
import { ApiError } from '../http/api-error.js';
import type { Route } from '../http/route-table.js';
import type { WeightsAvailability } from '../model/weights-availability.js';
import { FAMILIES, type FamilyId } from '../catalog/families.js';
import { MODEL_CATALOG, type ModelSpec } from '../catalog/model-catalog.js';
import { modelDetail, modelListing } from './model-listing.js';

type CompressModelsResponse = components['schemas']['CompressModelsResponse'];
type ModelResponse = components['schemas']['ModelResponse'];

export interface ModelsRouteDeps {
  weights: WeightsAvailability;
}

// Other names clients use for a family (the hosted API says "query-specific" in its operation names).
const FAMILY_ALIASES: Readonly<Record<string, FamilyId>> = { 'query-specific': 'question-specific' };

/** The family a `model_type` value names (case, `_` or `-` alike), or undefined. */
function familyForModelType(modelType: string): FamilyId | undefined {
  const key = modelType.trim().toLowerCase().replace(/_/g, '-');
  return FAMILIES.find((f) => f.id === key)?.id ?? FAMILY_ALIASES[key];
}

/** Every catalog model, grouped in family order. */
function catalogInFamilyOrder(): ModelSpec[] {
  const order = new Map(FAMILIES.map((f, i) => [f.id as string, i]));
  return Object.values(MODEL_CATALOG).sort((a, b) => (order.get(a.family) ?? order.size) - (order.get(b.family) ?? order.size));
}

/** `GET /api/compress/models` (optionally one family's) and `GET /api/compress/models/{model_id}`. */
export function modelsRoutes(deps: ModelsRouteDeps): Route[] {
  return [
    {
      method: 'get',
      path: '/api/compress/models',
      operationId: 'compressListModels',
      handler: (req, res) => {
        const modelType = typeof req.query['model_type'] === 'string' && req.query['model_type'] !== '' ? req.query['model_type'] : null;
        const family = modelType === null ? undefined : familyForModelType(modelType);
        const specs = modelType === null ? catalogInFamilyOrder() : catalogInFamilyOrder().filter((s) => s.family === family);
        const body: CompressModelsResponse = { success: true, message: null, data: { model_type: family ?? modelType, ...modelListing(specs, deps.weights) } };
        res.json(body);
      },
    },
    {
      method: 'get',
      path: '/api/compress/models/:model_id',
      operationId: 'compressGetModel',
      handler: (req, res) => {
        const id = String(req.params['model_id']);
        const spec = Object.hasOwn(MODEL_CATALOG, id) ? (MODEL_CATALOG as Record<string, ModelSpec>)[id] : undefined;
        if (!spec) throw new ApiError('model_not_found', `Model '${id}' not found`, { field: 'model_id' });
        const body: ModelResponse = { success: true, message: null, data: modelDetail(spec, deps.weights) };
        res.json(body);
      },
    },
  ];
}

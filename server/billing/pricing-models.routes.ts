import type { components } from '../../generated/schema.js';
import { MODEL_CATALOG } from '../catalog/model-catalog.js';
import { modelLabel } from '../catalog/model-label.js';
import type { Route } from '../http/route-table.js';
import { INPUT_PRICE_PER_1M_USD } from '../catalog/prices.js';

type PricingModelsResponse = components['schemas']['PricingModelsResponse'];

/** `GET /api/pricing/compression-models`: every catalog model with its price (the reference's `CompressionModelsResponse`). */
export function pricingModelsRoutes(): Route[] {
  return [
    {
      method: 'get',
      path: '/api/pricing/compression-models',
      operationId: 'pricingCompressionModels',
      handler: (_req, res) => {
        const body: PricingModelsResponse = {
          success: true,
          message: null,
          // Every tier may call every model, so no model has a minimum tier.
          data: Object.values(MODEL_CATALOG).map((spec) => ({
            name: spec.id,
            display_name: modelLabel(spec.id),
            description: spec.description,
            input_price_per_1m: INPUT_PRICE_PER_1M_USD[spec.id],
            min_tier: null,
            family: spec.family,
          })),
        };
        res.json(body);
      },
    },
  ];
}

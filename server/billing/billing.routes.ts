import type { RequestHandler } from 'express';
import type { components } from '../../generated/schema.js';
import type { Route } from '../http/route-table.js';
import { perIpLimit } from '../rate-limit/per-ip-limit.js';
import type { QuotaStore } from '../rate-limit/quota.js';
import { estimateCost, type CostEstimateRequest } from './cost-estimate.js';
import { scaleLimits, TIERS } from '../catalog/tiers.js';

type TiersResponse = components['schemas']['TiersResponse'];
type CostEstimateResponse = components['schemas']['CostEstimateResponse'];

export interface BillingRouteDeps {
  quotas: QuotaStore;
  /** Requests per minute per client IP on the public cost estimate. */
  estimateRpmPerIp: number;
}

// The validator has checked the body's shape and filled in the documented defaults.
const estimateHandler: RequestHandler<Record<string, string>, CostEstimateResponse, CostEstimateRequest> = (req, res) => {
  res.json({ success: true, message: null, data: estimateCost(req.body) });
};

/** Public billing routes: the tier schedule and the cost estimate. */
export function billingRoutes(deps: BillingRouteDeps): Route[] {
  return [
    {
      method: 'get',
      path: '/api/billing/tiers',
      operationId: 'billingTiers',
      handler: (_req, res) => {
        const body: TiersResponse = { success: true, tiers: [...TIERS], scale_limits: scaleLimits() };
        res.json(body);
      },
    },
    {
      method: 'post',
      path: '/api/pricing/estimate-cost',
      operationId: 'pricingEstimateCost',
      middleware: [perIpLimit(deps.quotas, 'the cost estimate', deps.estimateRpmPerIp)],
      handler: estimateHandler,
    },
  ];
}

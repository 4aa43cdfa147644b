import type { RequestHandler } from 'express';
import type { components } from '../../generated/schema.js';
import type { AuthService } from '../accounts/auth.service.js';
import { principalOf, requireBearer } from '../accounts/bearer-auth.js';
import { ApiError } from '../http/api-error.js';
import type { Route } from '../http/route-table.js';
import type { BillingService } from './billing.service.js';

type S = components['schemas'];

const requireAdmin: RequestHandler = (_req, res, next) => {
  if (principalOf(res).account.role !== 'admin') throw new ApiError('forbidden', 'Admin role required');
  next();
};

/** Admin-only operations. */
export function adminRoutes({ auth, billing }: { auth: AuthService; billing: BillingService }): Route[] {
  const topUp: RequestHandler<{ account_id: string }, S['BalanceResponse'], S['CreditTopUpRequest']> = async (req, res) => {
    const balance = await billing.topUp(req.params.account_id, req.body.amount_usd, req.body.note);
    res.json({ success: true, message: 'Credit added', data: { account_id: req.params.account_id, balance_usd: balance } });
  };
  return [
    {
      method: 'post',
      path: '/api/admin/accounts/:account_id/credits',
      operationId: 'adminTopUpCredits',
      middleware: [requireBearer(auth), requireAdmin],
      handler: topUp,
    },
  ];
}

import type { RequestHandler } from 'express';
import type { components, operations } from '../../generated/schema.js';
import type { AuthService } from '../accounts/auth.service.js';
import { principalOf, requireBearer } from '../accounts/bearer-auth.js';
import type { Route } from '../http/route-table.js';
import type { UsageStatsQuery, UsageStatsService } from './usage-stats.service.js';
import type { UsageService } from './usage.service.js';

type S = components['schemas'];
type Params = Record<string, string>;
type ReportQuery = NonNullable<operations['usageReport']['parameters']['query']>;
type LedgerQuery = NonNullable<operations['usageLedger']['parameters']['query']>;

/** Usage history, the hosted API's usage statistics, and the ledger (bearer). */
export function usageRoutes({ auth, usage, stats }: { auth: AuthService; usage: UsageService; stats: UsageStatsService }): Route[] {
  const bearer = [requireBearer(auth)];
  const report: RequestHandler<Params, S['UsageReportResponse'], unknown, ReportQuery> = async (req, res) => {
    res.json({ success: true, message: null, data: await usage.report(principalOf(res), req.query) });
  };
  const usageStats: RequestHandler<Params, S['UsageStatsResponse'], unknown, UsageStatsQuery> = async (req, res) => {
    res.json({ success: true, message: null, data: await stats.stats(principalOf(res), req.query) });
  };
  const ledger: RequestHandler<Params, S['LedgerResponse'], unknown, LedgerQuery> = async (req, res) => {
    // The validator has checked `limit` is an integer in range; Express hands query values over as strings.
    const limit = req.query.limit === undefined ? undefined : Number(req.query.limit);
    res.json({ success: true, message: null, data: await usage.ledger(principalOf(res), { limit, before: req.query.before }) });
  };
  return [
    { method: 'get', path: '/api/usage', operationId: 'usageReport', middleware: bearer, handler: report },
    { method: 'get', path: '/api/usage/stats', operationId: 'usageStats', middleware: bearer, handler: usageStats },
    { method: 'get', path: '/api/usage/ledger', operationId: 'usageLedger', middleware: bearer, handler: ledger },
  ];
}

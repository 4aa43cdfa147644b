import type { RequestHandler } from 'express';
import type { components } from '../../generated/schema.js';
import { keyPrincipalOf, requireApiKey } from '../api-keys/api-key-auth.js';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import type { Route } from '../http/route-table.js';
import type { GatewayStatusService } from './gateway-status.service.js';

type S = components['schemas'];

/** `GET /api/gateway/status`: any valid key, demo ones too, may read its account's status. */
export function gatewayStatusRoutes({ keys, gateway }: { keys: ApiKeysService; gateway: GatewayStatusService }): Route[] {
  const status: RequestHandler<Record<string, string>, S['GatewayStatusResponse']> = async (_req, res) => {
    res.json({ success: true, message: null, data: await gateway.status(keyPrincipalOf(res)) });
  };
  return [{ method: 'get', path: '/api/gateway/status', operationId: 'gatewayStatus', middleware: [requireApiKey(keys, { allowDemo: true })], handler: status }];
}

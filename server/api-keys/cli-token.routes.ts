import type { RequestHandler } from 'express';
import type { components } from '../../generated/schema.js';
import type { AuthService } from '../accounts/auth.service.js';
import { principalOf, requireBearer } from '../accounts/bearer-auth.js';
import type { Route } from '../http/route-table.js';
import type { ApiKeysService } from './api-keys.service.js';
import { cliKeyName, isCliKeyOf } from './cli-key-name.js';

type S = components['schemas'];

/**
 * `POST /api/authorize/cli-token`: the dashboard's authorize page mints the key a `crema login`
 * waits for. One CLI key per host: the earlier one of the same host is revoked with the creation.
 */
export function cliTokenRoutes({ auth, keys, clock }: { auth: AuthService; keys: ApiKeysService; clock: () => Date }): Route[] {
  // The body is optional: without a JSON body the parser leaves req.body undefined.
  const mint: RequestHandler<Record<string, string>, S['CLIKeyResponse'], S['CliTokenRequest'] | undefined> = async (req, res) => {
    const host = req.body?.host;
    const name = cliKeyName(host, clock());
    const created = await keys.create(principalOf(res), { name, scope: 'user' }, isCliKeyOf(host));
    res.json({ success: true, token: created.key, message: `Created key '${name}'`, key_id: created.id, key_name: created.name });
  };
  return [{ method: 'post', path: '/api/authorize/cli-token', operationId: 'authorizeCliToken', middleware: [requireBearer(auth)], handler: mint }];
}

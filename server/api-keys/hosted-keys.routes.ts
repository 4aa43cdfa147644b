import type { RequestHandler } from 'express';
import type { components } from '../../generated/schema.js';
import type { AuthService } from '../accounts/auth.service.js';
import { principalOf, requireBearer } from '../accounts/bearer-auth.js';
import type { Route } from '../http/route-table.js';
import { keyPrincipalOf, requireApiKey } from './api-key-auth.js';
import type { ApiKeysService } from './api-keys.service.js';
import type { HostedKeysService } from './hosted-keys.service.js';

type S = components['schemas'];
type Params = Record<string, string>;
type KeyParams = { key_id: string };

/** The hosted API's key routes (bearer) and its on-prem key check (X-API-Key). */
export function hostedKeyRoutes({ auth, keys, hosted }: { auth: AuthService; keys: ApiKeysService; hosted: HostedKeysService }): Route[] {
  const bearer = [requireBearer(auth)];
  const list: RequestHandler<Params, S['HostedApiKeyListResponse']> = async (_req, res) => {
    res.json({ success: true, message: null, ...(await hosted.list(principalOf(res))) });
  };
  const create: RequestHandler<Params, S['HostedApiKeyCreatedResponse'], S['HostedApiKeyCreateRequest']> = async (req, res) => {
    const data = await hosted.create(principalOf(res), req.body);
    res.status(201).json({ success: true, message: 'Store this key now: it is not shown again', data });
  };
  const get: RequestHandler<KeyParams, S['HostedApiKeyResponse']> = async (req, res) => {
    res.json({ success: true, message: null, data: await hosted.get(principalOf(res), req.params.key_id) });
  };
  const revoke: RequestHandler<KeyParams, S['MessageResponse']> = async (req, res) => {
    await hosted.revoke(principalOf(res), req.params.key_id);
    res.json({ success: true, message: 'API key revoked', data: null });
  };
  const validate: RequestHandler<Params, S['ValidateKeyResponse']> = async (_req, res) => {
    const { key, account } = keyPrincipalOf(res);
    res.json({ valid: true, user_id: account.id, scope: key.scope, key_id: key.id });
  };
  return [
    { method: 'get', path: '/api/api-keys', operationId: 'hostedKeysList', middleware: bearer, handler: list },
    { method: 'post', path: '/api/api-keys', operationId: 'hostedKeysCreate', middleware: bearer, handler: create },
    { method: 'get', path: '/api/api-keys/:key_id', operationId: 'hostedKeysGet', middleware: bearer, handler: get },
    { method: 'put', path: '/api/api-keys/:key_id/revoke', operationId: 'hostedKeysRevoke', middleware: bearer, handler: revoke },
    {
      method: 'get',
      path: '/api/v1/onprem/validate-key',
      operationId: 'onpremValidateKey',
      middleware: [requireApiKey(keys, { allowDemo: true })],
      handler: validate,
    },
  ];
}

import type { RequestHandler } from 'express';
import type { components } from '../../generated/schema.js';
import type { AuthService } from '../accounts/auth.service.js';
import { principalOf, requireBearer } from '../accounts/bearer-auth.js';
import type { Route } from '../http/route-table.js';
import type { ApiKeysService } from './api-keys.service.js';

type S = components['schemas'];
type KeyParams = { key_id: string };

/** Key management (bearer): create, list, get, re-budget, revoke. */
export function apiKeyRoutes({ auth, keys }: { auth: AuthService; keys: ApiKeysService }): Route[] {
  const bearer = [requireBearer(auth)];
  const create: RequestHandler<Record<string, string>, S['ApiKeyCreatedResponse'], S['ApiKeyCreateRequest']> = async (req, res) => {
    const created = await keys.create(principalOf(res), req.body);
    res.status(201).json({ success: true, message: 'Store this key now: it is not shown again', data: created });
  };
  const list: RequestHandler<Record<string, string>, S['ApiKeyListResponse']> = async (_req, res) => {
    res.json({ success: true, message: null, data: { keys: await keys.list(principalOf(res)) } });
  };
  const get: RequestHandler<KeyParams, S['ApiKeyResponse']> = async (req, res) => {
    res.json({ success: true, message: null, data: await keys.get(principalOf(res), req.params.key_id) });
  };
  const updateBudget: RequestHandler<KeyParams, S['ApiKeyResponse'], S['ApiKeyUpdateRequest']> = async (req, res) => {
    const data = await keys.updateBudget(principalOf(res), req.params.key_id, req.body.monthly_budget_usd);
    res.json({ success: true, message: 'Budget updated', data });
  };
  const revoke: RequestHandler<KeyParams, S['ApiKeyResponse']> = async (req, res) => {
    res.json({ success: true, message: 'API key revoked', data: await keys.revoke(principalOf(res), req.params.key_id) });
  };
  return [
    { method: 'post', path: '/api/keys', operationId: 'keysCreate', middleware: bearer, handler: create },
    { method: 'get', path: '/api/keys', operationId: 'keysList', middleware: bearer, handler: list },
    { method: 'get', path: '/api/keys/:key_id', operationId: 'keysGet', middleware: bearer, handler: get },
    { method: 'patch', path: '/api/keys/:key_id', operationId: 'keysUpdateBudget', middleware: bearer, handler: updateBudget },
    { method: 'delete', path: '/api/keys/:key_id', operationId: 'keysDelete', middleware: bearer, handler: revoke },
  ];
}

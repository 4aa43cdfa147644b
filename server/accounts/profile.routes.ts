import type { RequestHandler } from 'express';
import type { components } from '../../generated/schema.js';
import type { Route } from '../http/route-table.js';
import type { AuthService } from './auth.service.js';
import { principalOf, requireBearer } from './bearer-auth.js';
import type { ProfileService } from './profile.service.js';

type S = components['schemas'];
type Params = Record<string, string>;

/** The seven profile routes, all behind bearer auth. */
export function profileRoutes({ auth, profiles }: { auth: AuthService; profiles: ProfileService }): Route[] {
  const bearer = [requireBearer(auth)];
  const create: RequestHandler<Params, S['MessageResponse'], S['ProfileCreateRequest'] | undefined> = async (req, res) => {
    await profiles.create(principalOf(res), req.body ?? {});
    res.status(201).json({ success: true, message: 'Profile created', data: null });
  };
  const role: RequestHandler<Params, S['RoleResponse']> = async (_req, res) => {
    // The principal's account row is read fresh on every request, so it needs no second lookup.
    // Flat, as the hosted API answers; an unset type reads as its default, `user`.
    const { account } = principalOf(res);
    res.json({ role: account.role, is_admin: account.role === 'admin', account_type: account.account_type ?? 'user' });
  };
  const me: RequestHandler<Params, S['ProfileResponse']> = async (_req, res) => {
    res.json({ success: true, message: null, data: await profiles.get(principalOf(res)) });
  };
  const update: RequestHandler<Params, S['ProfileResponse'], S['ProfileUpdateRequest']> = async (req, res) => {
    res.json({ success: true, message: 'Profile updated', data: await profiles.update(principalOf(res), req.body) });
  };
  const rateLimits: RequestHandler<Params, S['RateLimitsResponse']> = async (_req, res) => {
    res.json({ success: true, message: null, data: await profiles.rateLimits(principalOf(res)) });
  };
  const canDelete: RequestHandler<Params, S['CanDeleteResponse']> = async (_req, res) => {
    res.json({ success: true, message: null, data: await profiles.canDelete(principalOf(res)) });
  };
  const remove: RequestHandler<Params, S['MessageResponse'], S['ProfileDeleteRequest']> = async (req, res) => {
    await profiles.delete(principalOf(res), req.body.confirmation);
    res.json({ success: true, message: 'Account deleted; API keys and sessions revoked', data: null });
  };
  return [
    { method: 'post', path: '/api/profile/create', operationId: 'profileCreate', middleware: bearer, handler: create },
    { method: 'get', path: '/api/profile/role', operationId: 'profileRole', middleware: bearer, handler: role },
    { method: 'get', path: '/api/profile/me', operationId: 'profileGet', middleware: bearer, handler: me },
    { method: 'patch', path: '/api/profile/me', operationId: 'profileUpdate', middleware: bearer, handler: update },
    { method: 'get', path: '/api/profile/rate-limits', operationId: 'profileRateLimits', middleware: bearer, handler: rateLimits },
    { method: 'get', path: '/api/profile/can-delete', operationId: 'profileCanDelete', middleware: bearer, handler: canDelete },
    { method: 'delete', path: '/api/profile/delete', operationId: 'profileDelete', middleware: bearer, handler: remove },
  ];
}

import type { RequestHandler } from 'express';
import type { components } from '../../generated/schema.js';
import type { Route } from '../http/route-table.js';
import type { AuthService } from './auth.service.js';
import { principalOf, requireBearer } from './bearer-auth.js';

type S = components['schemas'];
type Params = Record<string, string>;

export interface AuthRouteDeps {
  auth: AuthService;
  /** The key logout of api-keys (wired in app.ts): the one key operation these routes need. */
  keys: { logout(key: string): Promise<string | null> };
  /** Per-IP limit shared by signup and login (credential stuffing). */
  perIpLimit: RequestHandler;
}

/** Signup, login, session logout, and the key logout of the client's logout command. */
export function authRoutes({ auth, keys, perIpLimit }: AuthRouteDeps): Route[] {
  const signup: RequestHandler<Params, S['SessionResponse'], S['SignupRequest']> = async (req, res) => {
    res.status(201).json({ success: true, message: 'Account created', data: await auth.signup(req.body) });
  };
  const login: RequestHandler<Params, S['SessionResponse'], S['LoginRequest']> = async (req, res) => {
    res.json({ success: true, message: null, data: await auth.login(req.body, req.ip ?? 'unknown') });
  };
  const logoutSession: RequestHandler<Params, S['MessageResponse']> = async (_req, res) => {
    await auth.logoutSession(principalOf(res));
    res.json({ success: true, message: 'Session revoked', data: null });
  };
  const logoutKey: RequestHandler<Params, S['LogoutResponse']> = async (req, res) => {
    // Not behind requireApiKey: an already revoked key must get its idempotent 200, not a 401.
    const revoked = await keys.logout(String(req.headers['x-api-key']).trim());
    res.json({ success: true, revoked_key_id: revoked, message: revoked ? 'API key revoked' : 'API key was already revoked' });
  };
  return [
    { method: 'post', path: '/api/auth/signup', operationId: 'authSignup', middleware: [perIpLimit], handler: signup },
    { method: 'post', path: '/api/auth/login', operationId: 'authLogin', middleware: [perIpLimit], handler: login },
    { method: 'post', path: '/api/auth/logout-session', operationId: 'authLogoutSession', middleware: [requireBearer(auth)], handler: logoutSession },
    {
      method: 'post',
      path: '/api/authorize/logout',
      operationId: 'authorizeLogout',
      handler: logoutKey,
    },
  ];
}

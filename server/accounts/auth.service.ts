import { sql } from 'kysely';
import type { components } from '../../generated/schema.js';
import type { AccountRow, Database } from '../db/database.js';
import type { Kysely } from 'kysely';
import { ApiError } from '../http/api-error.js';
import type { AccountHooks } from './account-hooks.js';
import { usdToNano } from '../catalog/prices.js';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../security/secrets.js';
import { isWellFormed, issueToken, lookupOf, matchDigest, SESSION_TOKEN } from '../security/opaque-token.js';
import { findAccountByEmail, findAccountById, insertAccount } from './accounts.repository.js';
import { findLiveSessionsByPrefix, insertSession, revokeSession } from './sessions.repository.js';
import type { LoginThrottle } from './login-throttle.js';
import { checkPassword } from './password-policy.js';

type SignupRequest = components['schemas']['SignupRequest'];
type LoginRequest = components['schemas']['LoginRequest'];
type Session = components['schemas']['SessionResponse']['data'];

/** Credit every new account starts with. */
const STARTING_CREDIT_USD = 10;

/** The caller behind a bearer token. */
export interface Principal {
  account: AccountRow;
  sessionId: string;
}

export interface AuthServiceDeps {
  db: Kysely<Database>;
  clock: () => Date;
  sessionTtlMs: number;
  /** The one email that becomes admin when it signs up (ADMIN_EMAIL); without it nobody does. */
  adminEmail?: string | undefined;
  /** `closed`: only the admin email may sign up (SIGNUP). Default `open`. */
  signup?: 'open' | 'closed' | undefined;
  /** Per-address and per-account limits on failed logins (server/accounts/login-throttle.ts). */
  loginThrottle: LoginThrottle;
  /** Billing's side of the starting credit (server/services.ts). */
  recordSignupGrant: AccountHooks['recordSignupGrant'];
  /** scrypt N for new password hashes (default PASSWORD_HASH_COST); test apps pass a cheap one. */
  passwordHashCost?: number | undefined;
}

const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Signup, login, session revocation and bearer authentication. */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock } = deps;
  const adminEmail = deps.adminEmail ? normalizeEmail(deps.adminEmail) : undefined;

  async function openSession(account: AccountRow): Promise<Session> {
    const token = issueToken(SESSION_TOKEN);
    const expires = new Date(clock().getTime() + deps.sessionTtlMs);
    await insertSession(db, { account_id: account.id, token_prefix: token.lookup, token_hash: token.digest, expires_at: expires });
    return {
      token: token.value,
      token_type: 'bearer',
      expires_at: expires.toISOString(),
      account: { id: account.id, email: account.email, role: account.role, account_type: account.account_type },
    };
  }

  return {
    /**
     * Creates an account with $10 of credit. Only ADMIN_EMAIL becomes admin: on a public server
     * the first stranger to sign up must not. With SIGNUP=closed only ADMIN_EMAIL may sign up.
     */
    async signup(input: SignupRequest): Promise<Session> {
      const email = normalizeEmail(input.email);
      const isAdmin = adminEmail !== undefined && email === adminEmail;
      if (deps.signup === 'closed' && !isAdmin) {
        throw new ApiError('forbidden', 'Signup is closed on this server', { detail: 'ask the operator for an account' });
      }
      const verdict = await checkPassword(input.password, [email]);
      if (!verdict.ok) throw new ApiError('validation_error', 'Password is too easy to guess', { field: 'password', detail: verdict.reason });
      const passwordHash = await hashPassword(input.password, deps.passwordHashCost);
      const account = await db.transaction().execute(async (tx) => {
        // Serializes signups so two signups of one email cannot both pass the check.
        await sql`lock table accounts in share row exclusive mode`.execute(tx);
        if (await findAccountByEmail(tx, email)) {
          throw new ApiError('email_taken', 'An account with this email already exists', { field: 'email' });
        }
        const role = isAdmin ? 'admin' : 'user';
        const credit = usdToNano(STARTING_CREDIT_USD);
        const created = await insertAccount(tx, {
          email,
          password_hash: passwordHash,
          role,
          account_type: input.account_type ?? null,
          display_name: null,
          profile_created_at: null,
          balance_nusd: credit,
          deleted_at: null,
        });
        await deps.recordSignupGrant(tx, created.id, credit);
        return created;
      });
      return openSession(account);
    },

    /** Opens a session; `ip` is the client's address, which the login throttle counts failures by. */
    async login(input: LoginRequest, ip: string): Promise<Session> {
      const email = normalizeEmail(input.email);
      await deps.loginThrottle.admit(email, ip);
      const account = await findAccountByEmail(db, email);
      // Verify against a dummy hash for unknown emails so timing does not reveal which exist.
      const ok = await verifyPassword(input.password, account?.password_hash ?? DUMMY_PASSWORD_HASH);
      if (!account || !ok) {
        await deps.loginThrottle.failed(email, ip);
        throw new ApiError('invalid_credentials', 'Email or password is wrong');
      }
      await deps.loginThrottle.succeeded(email, ip);
      return openSession(account);
    },

    async logoutSession(principal: Principal): Promise<void> {
      await revokeSession(db, principal.sessionId, clock());
    },

    /** The live session and account behind a bearer token, or undefined. */
    async authenticate(token: string): Promise<Principal | undefined> {
      if (!isWellFormed(SESSION_TOKEN, token)) return undefined;
      const candidates = await findLiveSessionsByPrefix(db, lookupOf(token), clock());
      const session = matchDigest(token, candidates.map((s) => ({ ...s, digest: s.token_hash })));
      if (!session) return undefined;
      const account = await findAccountById(db, session.account_id);
      return account ? { account, sessionId: session.id } : undefined;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

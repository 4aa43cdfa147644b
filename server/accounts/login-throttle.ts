import { ApiError } from '../http/api-error.js';
import type { QuotaStore } from '../rate-limit/quota.js';

/** Thresholds of the login throttle; defaults in DEFAULT_LOGIN_LIMITS. */
export interface LoginLimits {
  /** Failed logins one address may make for one email before it must wait. */
  pairFailures: number;
  /** The first wait, seconds; each further one for the same pair within a day doubles, up to `pairMaxBlockS`. */
  pairBlockS: number;
  pairMaxBlockS: number;
  /** Failed logins one address may make per day, over all emails. */
  addressFailuresPerDay: number;
  /** Failed logins per hour for one email, over all addresses; past it, only addresses that signed in to it before may try. */
  accountFailuresPerHour: number;
  /** How long a successful login makes its address known to the account (at most 24: the in-memory store's timers hold 24.8 days). */
  knownAddressDays: number;
}

/**
 * 5 tries per address and email, then waits of 15 min, 30 min, 1 h, ... up to a day (about 50
 * guesses a day per pair once it escalates), 100 failures a day per address, and 50 an hour per
 * email from addresses that have not signed in to it in 20 days.
 */
const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  pairFailures: 5,
  pairBlockS: 15 * 60,
  pairMaxBlockS: 24 * 3_600,
  addressFailuresPerDay: 100,
  accountFailuresPerHour: 50,
  knownAddressDays: 20,
};

const DAY_S = 86_400;

/**
 * Slows password guessing without letting anyone lock a stranger out: the tight, doubling limit is per
 * (email, address), and the per-email cap never applies to an address that signed in to that account
 * before. Counted in the QuotaStore, so replicas share the counters when Redis is configured.
 */
export function createLoginThrottle(quotas: QuotaStore, limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
  const pair = quotas.quota('login-pair', limits.pairFailures, DAY_S);
  // How many waits the pair has served today: the next one is twice as long.
  const strikes = quotas.quota('login-strikes', 64, DAY_S);
  const address = quotas.quota('login-address', limits.addressFailuresPerDay, DAY_S);
  const account = quotas.quota('login-account', limits.accountFailuresPerHour, 3_600);
  const known = quotas.quota('login-known', 1, Math.min(24, limits.knownAddressDays) * DAY_S);
  const pairKey = (email: string, ip: string) => JSON.stringify([email, ip]);

  const refuse = (retryAfterS: number, detail: string): never => {
    throw new ApiError('rate_limit_exceeded', 'Too many failed logins', { detail, retryAfter: Math.max(1, retryAfterS) });
  };

  return {
    /** Throws 429 when this address may not try this email now; call before checking the password. */
    async admit(email: string, ip: string): Promise<void> {
      const byPair = await pair.peek(pairKey(email, ip));
      if (byPair.consumed >= limits.pairFailures) refuse(byPair.resetS, `${limits.pairFailures} failed logins for this email from this address; wait before trying again`);
      const byAddress = await address.peek(ip);
      if (byAddress.consumed >= limits.addressFailuresPerDay) refuse(byAddress.resetS, `${limits.addressFailuresPerDay} failed logins from this address today`);
      const byAccount = await account.peek(email);
      if (byAccount.consumed >= limits.accountFailuresPerHour && (await known.peek(pairKey(email, ip))).consumed === 0) {
        refuse(byAccount.resetS, 'too many failed logins for this email from many addresses; addresses that signed in to it before may still try');
      }
    },

    /** Counts a wrong password (or an unknown email, counted the same so neither is revealed). */
    async failed(email: string, ip: string): Promise<void> {
      const key = pairKey(email, ip);
      await Promise.all([pair.consume(key), address.consume(ip), account.consume(email)]);
      if ((await pair.peek(key)).consumed < limits.pairFailures) return;
      await strikes.consume(key);
      const served = (await strikes.peek(key)).consumed;
      await pair.block(key, Math.min(limits.pairMaxBlockS, limits.pairBlockS * 2 ** (served - 1)));
    },

    /** Clears the pair's failures and waits, and makes the address known to the account. */
    async succeeded(email: string, ip: string): Promise<void> {
      const key = pairKey(email, ip);
      await Promise.all([pair.reset(key), strikes.reset(key)]);
      // A fresh window each time, so an address in use stays known.
      await known.reset(key);
      await known.consume(key);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

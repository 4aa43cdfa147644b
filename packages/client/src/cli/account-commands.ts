import { createCremaClient, type CremaClient } from '../create-client.js';
import { CremaError } from '../crema-error.js';
import { browserLogin } from './browser-login.js';
import { removeCredentials, writeCredentials, type Settings } from './credentials.js';
import { LoginFailed } from './login-callback.js';
import { usd } from './money.js';
import { prompt } from './prompt.js';
import { formatTable } from './table.js';
import { UsageError } from './usage-error.js';

const shortKey = (key: string): string => `${key.slice(0, 8)}...`;

export interface LoginFlags {
  /** The key to save; `-` reads it from stdin (or asks, on a terminal). Without it: the browser flow. */
  key?: string;
  /** commander's `--no-browser`: print the authorize URL without opening a browser. */
  browser?: boolean;
  /** Seconds to wait for the browser approval (default 120). */
  timeout?: string;
}

/**
 * `crema login`: with `--key`, that key; otherwise the browser flow (the dashboard's authorize
 * page mints a key for this machine). The key is checked with `GET /api/gateway/status`, which
 * is free and counts no request, then saved.
 */
export async function runLogin(settings: Settings, flags: LoginFlags): Promise<void> {
  let key: string;
  if (flags.key !== undefined) {
    key = flags.key === '-' ? await prompt('API key (cmp_...): ', { secret: true }) : flags.key;
    if (!key) throw new UsageError('no key given');
  } else {
    const seconds = flags.timeout === undefined ? 120 : Number(flags.timeout);
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 600) throw new UsageError('--timeout is a number of seconds, at most 600');
    try {
      key = await browserLogin({ baseUrl: settings.baseUrl, timeoutMs: seconds * 1000, open: flags.browser !== false });
    } catch (err) {
      if (!(err instanceof LoginFailed)) throw err;
      throw new Error(`login failed: ${err.message}. Nothing was saved; run 'crema login' again, or 'crema login --key <key>' with a key from the dashboard.`);
    }
  }
  const status = await createCremaClient({ baseUrl: settings.baseUrl, apiKey: key }).gatewayStatus();
  await writeCredentials(settings.path, { ...settings.saved, base_url: settings.baseUrl, api_key: key });
  process.stderr.write(`Logged in to ${settings.baseUrl} as ${status.account_email} with key '${status.key.name}' (${shortKey(key)}); saved to ${settings.path}\n`);
}

/**
 * `crema logout`: asks the server to revoke the saved key (best effort), ends a saved bearer
 * session, then deletes the credential file whatever the server said, and says what happened.
 */
export async function runLogout(settings: Settings): Promise<void> {
  const saved = settings.saved;
  if (!saved) {
    process.stderr.write(`Not logged in: ${settings.path} does not exist.\n`);
    return;
  }
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const base = saved.base_url ?? settings.baseUrl;
  if (saved.api_key) {
    const key = shortKey(saved.api_key);
    try {
      const revoked = await createCremaClient({ baseUrl: base, apiKey: saved.api_key, retry: false }).logout();
      say(revoked ? `Revoked key ${key} on ${base}.` : `Key ${key} was already revoked on ${base}.`);
    } catch (err) {
      if (!(err instanceof CremaError)) throw err;
      if (err.status === 401) say(`Key ${key} is unknown on ${base} (or its account was deleted).`);
      else if (err.code === 'network_error') say(`Could not reach ${base}: key ${key} was NOT revoked. Revoke it later with 'crema keys revoke' or in the dashboard.`);
      else say(`The server answered ${err.status} ${err.code}: key ${key} may still be active.`);
    }
  }
  if (saved.token) {
    await createCremaClient({ baseUrl: base, token: saved.token, retry: false })
      .logoutSession()
      .then(() => say('Ended the bearer session.'))
      .catch(() => say('Could not end the bearer session on the server (it expires on its own).'));
  }
  await removeCredentials(settings.path);
  say(`Deleted ${settings.path}.`);
}

/** `crema signin`: opens a bearer session for `keys` and `usage`, saved beside the key. */
export async function runSignin(settings: Settings, flags: { email?: string; password?: string }): Promise<void> {
  const email = flags.email ?? (await prompt('Email: '));
  const password = flags.password ?? (await prompt('Password: ', { secret: true }));
  if (!email || !password) throw new UsageError('email and password are needed');
  const session = await createCremaClient({ baseUrl: settings.baseUrl }).login({ email, password });
  await writeCredentials(settings.path, { ...settings.saved, base_url: settings.baseUrl, token: session.token });
  process.stderr.write(`Signed in to ${settings.baseUrl} as ${email}; session saved to ${settings.path}\n`);
}

function sessionClient(settings: Settings): CremaClient {
  if (!settings.token) throw new UsageError("no bearer session: run 'crema signin' first");
  return createCremaClient({ baseUrl: settings.baseUrl, token: settings.token });
}

const limit = (n: number): string => (n === -1 ? 'unlimited' : String(n));
const money = (n: number | null): string => (n === null ? '-' : usd(n));

export async function runKeysList(settings: Settings, flags: { json?: boolean }): Promise<void> {
  const keys = await sessionClient(settings).keys.list();
  if (flags.json) return void process.stdout.write(`${JSON.stringify(keys, null, 2)}\n`);
  const rows = keys.map((k) => [k.id, k.name, `${k.prefix}...`, k.scope, k.status, money(k.spent_this_month_usd), money(k.monthly_budget_usd), k.created_at.slice(0, 10)]);
  process.stdout.write(`${formatTable([['id', 'name', 'prefix', 'scope', 'status', 'spent this month', 'budget', 'created'], ...rows])}\n`);
}

export interface KeyCreateFlags {
  name: string;
  scope?: string;
  budget?: string;
  dailyCap?: string;
  expires?: string;
  json?: boolean;
}

export async function runKeysCreate(settings: Settings, flags: KeyCreateFlags): Promise<void> {
  const num = (flag: string, raw: string | undefined): number | undefined => {
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isFinite(n)) throw new UsageError(`${flag} must be a number, got '${raw}'`);
    return n;
  };
  if (flags.scope !== undefined && flags.scope !== 'user' && flags.scope !== 'demo') throw new UsageError("--scope is 'user' or 'demo'");
  const created = await sessionClient(settings).keys.create({
    name: flags.name,
    ...(flags.scope ? { scope: flags.scope } : {}),
    ...(flags.budget !== undefined ? { monthlyBudgetUsd: num('--budget', flags.budget) } : {}),
    ...(flags.dailyCap !== undefined ? { dailyRequestCap: num('--daily-cap', flags.dailyCap) } : {}),
    ...(flags.expires ? { expiresAt: flags.expires } : {}),
  });
  if (flags.json) return void process.stdout.write(`${JSON.stringify(created, null, 2)}\n`);
  process.stdout.write(`${created.key}\n`);
  process.stderr.write(`Created key '${created.name}' (id ${created.id}). The full key is shown once: store it now.\n`);
}

/** `crema keys update <id> --budget <usd|none>`: a new monthly budget (PATCH /api/keys/{id}). */
export async function runKeysUpdate(settings: Settings, keyId: string, flags: { budget: string }): Promise<void> {
  const raw = flags.budget.trim().toLowerCase();
  const budget = raw === 'none' ? null : Number(raw);
  if (budget !== null && !(Number.isFinite(budget) && budget > 0)) throw new UsageError(`--budget is a positive amount in USD or 'none', got '${flags.budget}'`);
  const key = await sessionClient(settings).keys.update(keyId, { monthlyBudgetUsd: budget });
  process.stderr.write(`Key '${key.name}' (${key.prefix}...): monthly budget ${money(key.monthly_budget_usd) === '-' ? 'none (no cap)' : money(key.monthly_budget_usd)}, ${money(key.spent_this_month_usd)} spent this month.\n`);
}

export async function runKeysRevoke(settings: Settings, keyId: string): Promise<void> {
  const key = await sessionClient(settings).keys.revoke(keyId);
  process.stderr.write(`Revoked key '${key.name}' (${key.prefix}...); requests with it now get 401.\n`);
}

/**
 * `crema usage`: the account's tier, balance and monthly volume, each key's spend this month
 * and the tier's rate limits (from the profile, key and rate-limit routes).
 */
export async function runUsage(settings: Settings, flags: { json?: boolean }): Promise<void> {
  const crema = sessionClient(settings);
  const [profile, keys, limits] = await Promise.all([crema.profile(), crema.keys.list(), crema.rateLimits()]);
  if (flags.json) return void process.stdout.write(`${JSON.stringify({ profile, keys, rate_limits: limits }, null, 2)}\n`);
  const spent = keys.reduce((s, k) => s + k.spent_this_month_usd, 0);
  process.stdout.write(
    `${formatTable([
      ['account', 'tier', 'balance', 'compressed tokens this month', 'spent this month (all keys)', 'active keys'],
      [profile.email, profile.tier, money(profile.balance_usd), String(profile.monthly_compressed_tokens), money(spent), String(keys.filter((k) => k.status === 'ACTIVE').length)],
    ])}\n\nrate limits (${limits.display_name}): ${limit(limits.rate_limits.rpm)} requests/min, ${limit(limits.rate_limits.tpm)} tokens/min, ${limit(limits.rate_limits.rpd)} requests/day\n`,
  );
}

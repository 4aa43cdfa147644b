import { createCremaClient } from '../create-client.js';
import type { Settings } from './credentials.js';
import { usd } from './money.js';
import { formatTable } from './table.js';
import { UsageError } from './usage-error.js';


function keyClient(settings: Settings) {
  if (!settings.apiKey) throw new UsageError("no API key: run 'crema login' or set CREMA_API_KEY (COMPRESR_API_KEY also works)");
  return createCremaClient({ baseUrl: settings.baseUrl, apiKey: settings.apiKey });
}

/** `crema whoami`: the account and key the CLI would use, or the bearer session when there is no key. */
export async function runWhoami(settings: Settings, flags: { json?: boolean }): Promise<void> {
  if (!settings.apiKey && settings.token) {
    const profile = await createCremaClient({ baseUrl: settings.baseUrl, token: settings.token }).profile();
    if (flags.json) return void process.stdout.write(`${JSON.stringify({ base_url: settings.baseUrl, account_email: profile.email, key: null, tier: profile.tier }, null, 2)}\n`);
    process.stdout.write(`${profile.email} on ${settings.baseUrl} (bearer session from 'crema signin'; no API key: run 'crema login')\n`);
    return;
  }
  const status = await keyClient(settings).gatewayStatus();
  if (flags.json) {
    const { account_email, key, tier, is_admin } = status;
    return void process.stdout.write(`${JSON.stringify({ base_url: settings.baseUrl, account_email, key, tier, is_admin }, null, 2)}\n`);
  }
  const role = status.is_admin ? ', admin' : '';
  process.stdout.write(`${status.account_email} on ${settings.baseUrl} (${status.tier}${role})\nkey '${status.key.name}' (${status.key.prefix}..., scope ${status.key.scope})\n`);
}

/** `crema status`: balance, this month's spend, the key's budget and request counts (`GET /api/gateway/status`). */
export async function runStatus(settings: Settings, flags: { json?: boolean }): Promise<void> {
  const s = await keyClient(settings).gatewayStatus();
  if (flags.json) return void process.stdout.write(`${JSON.stringify(s, null, 2)}\n`);
  const budget = s.monthly_budget_usd > 0 ? `${usd(s.monthly_budget_usd)} (${s.usage_percent}% used)` : 'no cap';
  const limit = s.daily_request_limit === null ? 'unlimited' : String(s.daily_request_limit);
  process.stdout.write(
    `${formatTable([
      ['account', 'tier', 'credits remaining', 'used this month', 'key budget', 'requests today', 'requests this month'],
      [s.account_email, s.tier, usd(s.credits_remaining_usd), usd(s.credits_used_this_month), budget, `${s.requests_today} of ${limit}`, String(s.requests_this_month)],
    ])}\n`,
  );
}

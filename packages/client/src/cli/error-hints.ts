/**
 * What a CLI user can do about an API error whose code names a situation they can act on;
 * the codes are the hosted API's SDK names that crema sends (see the spec's changelog).
 */
const HINTS: Readonly<Record<string, string>> = {
  api_key_budget_exceeded: "this key's monthly budget is spent: raise it in the dashboard (Keys, Change budget) or wait for the next calendar month",
  insufficient_credits: "the account's balance cannot cover this request; waiting will not help: an admin must add credit to the account",
  daily_limit_exceeded: "this key's daily request cap is spent: wait for Retry-After or use a key without a cap",
  context_window_exceeded: 'the input is longer than the model accepts: split it into smaller files or pieces',
  scope_error: 'a demo key may only call the single question-specific route: use a user key',
};

/** A one-line hint for an API error code, or undefined when there is nothing specific to say. */
export function errorHint(code: string): string | undefined {
  return HINTS[code];
}

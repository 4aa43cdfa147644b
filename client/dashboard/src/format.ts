/** Display formats for money, counts and times (UTC, as the API's days are). */

/** A count with thousands separators. */
export const int = (n: number): string => n.toLocaleString('en-US');
/** `1 request`, `5 requests`. */
export const plural = (n: number, word: string): string => `${int(n)} ${word}${n === 1 ? '' : 's'}`;
/** Dollars; amounts under a cent keep six decimals so a single request's cost is not shown as $0.00. */
export function usd(n: number): string {
  const abs = Math.abs(n);
  return `${n < 0 ? '−' : ''}$${abs !== 0 && abs < 0.01 ? abs.toFixed(6) : abs.toFixed(2)}`;
}
/** A timestamp in UTC, or a dash for none. */
export const when = (iso: string | null): string => (iso ? new Date(iso).toLocaleString('en-GB', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' }) + ' UTC' : '—');

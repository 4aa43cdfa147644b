/** Display formats for money, counts and times (UTC, as the API's days are). */

/** A count with thousands separators. */
export const int = (n: number): string => n.toLocaleString('en-US');
/** `1 request`, `5 requests`. */
export const plural = (n: number, word: string): string => `${int(n)} ${word}${n === 1 ? '' : 's'}`;
// Below a cent: three significant digits ($0.0000125); above: cents, plus the digits a charge
// left (a $10 balance after a $0.0000125 charge reads $9.9999875, not $10.00).
const SUB_CENT = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });
const CENTS_AND_MORE = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 8 });

/** Dollars with as many digits as the amount needs to read as what it is: never `$0.00` or `$10.00` for a non-round amount. */
export function usd(n: number): string {
  const abs = Math.abs(n);
  const digits = abs !== 0 && abs < 0.01 ? SUB_CENT.format(abs) : CENTS_AND_MORE.format(abs);
  // A sum of float charges (9.999987500000001) must not print its rounding noise.
  return `${n < 0 && digits !== '0.00' ? '−' : ''}$${digits}`;
}
/** A timestamp in UTC, or a dash for none. */
export const when = (iso: string | null): string => (iso ? new Date(iso).toLocaleString('en-GB', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' }) + ' UTC' : '—');

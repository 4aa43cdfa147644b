/**
 * US dollars with cents, and below a dollar as many more decimals as two significant digits
 * need: $10.00, $0.50, $0.015, $0.00001 (a fixed 4 decimals showed $0.0000 for a $0.00001 budget).
 */
export function usd(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  if (abs === 0 || abs >= 1) return `${sign}$${abs.toFixed(2)}`;
  const decimals = Math.min(12, Math.max(2, 1 - Math.floor(Math.log10(abs))));
  // zeros past the cents say nothing: $0.000010 reads as $0.00001
  return `${sign}$${abs.toFixed(decimals).replace(/(\.\d\d\d*?)0+$/, '$1')}`;
}

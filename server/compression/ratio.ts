/**
 * The ratio rules of every family: `0 < r <= 1` is removal strength (keep `1 - r`),
 * `r > 1` is an Nx target (keep `1 / r`). Validation has already rejected 0, negatives and > 200.
 */
export function keepFraction(ratio: number): number {
  return ratio <= 1 ? 1 - ratio : 1 / ratio;
}

/** `tokens_saved / original_tokens`, rounded to 4 places; 0 for empty input. */
export function actualRatio(originalTokens: number, compressedTokens: number): number {
  if (originalTokens === 0) return 0;
  return Math.round(((originalTokens - compressedTokens) / originalTokens) * 10_000) / 10_000;
}

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

/**
 * The hosted API's `compression_ratio`: the Nx factor achieved, `original / compressed` (its
 * SDKs read 100 -> 20 tokens as 5.0), rounded to 2 places; 1 for empty input, and a compressed
 * size of 0 counts as 1 token so the factor stays finite.
 */
export function nxRatio(originalTokens: number, compressedTokens: number): number {
  if (originalTokens === 0) return 1;
  return Math.round((originalTokens / Math.max(compressedTokens, 1)) * 100) / 100;
}

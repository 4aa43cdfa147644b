/**
 * Kneedle on a curve of scores sorted in decreasing order: the index after which scores stop
 * falling steeply, i.e. the point farthest below the chord from the first to the last point
 * after normalising both axes. Returns how many leading items are "above the knee" (>= 1).
 */
export function kneeCount(sortedDesc: readonly number[]): number {
  const n = sortedDesc.length;
  if (n <= 2) return 1;
  const max = sortedDesc[0]!;
  const min = sortedDesc[n - 1]!;
  if (max - min < 1e-9) return n;
  let best = 0;
  let bestGap = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = i / (n - 1);
    const y = (sortedDesc[i]! - min) / (max - min);
    const gap = 1 - x - y;
    if (gap > bestGap) {
      bestGap = gap;
      best = i;
    }
  }
  return Math.max(1, best);
}

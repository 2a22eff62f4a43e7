/**
 * Two-sided bootstrap p-value of θ = 0 from the resampled statistics θ*
 * (METRICS.md §6): p = min(1, 2·min(#{θ* ≤ 0}, #{θ* ≥ 0}) / B'), B' the
 * resamples given (the caller leaves out those where θ* is undefined). A
 * statistic that is 0 in every resample gives p = 1; one that is never ≤ 0
 * gives p = 0.
 * @returns NaN when no resample is given.
 * @example bootstrapP([-1, 1, 2, 3]) // 2 · 1 / 4 = 0.5
 */
export function bootstrapP(resampled: ArrayLike<number>): number {
  const b = resampled.length;
  if (b === 0) return NaN;
  let atMost = 0;
  let atLeast = 0;
  for (let i = 0; i < b; i++) {
    const v = resampled[i];
    if (v <= 0) atMost++;
    if (v >= 0) atLeast++;
  }
  return Math.min(1, (2 * Math.min(atMost, atLeast)) / b);
}

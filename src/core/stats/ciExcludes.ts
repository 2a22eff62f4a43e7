/**
 * Whether a confidence interval excludes a value: both bounds finite and the
 * value strictly outside [lo, hi]. It marks an effect against its no-effect
 * value (0 for a difference, 1 for a ratio) and a validity metric against
 * chance (METRICS.md §2, §6). An interval that cannot be computed ([NaN,
 * NaN], bootstrap B = 0) excludes nothing.
 * @example ciExcludes([0.55, 0.7], 0.5) // true
 */
export function ciExcludes(ci: readonly [number, number], value: number): boolean {
  const [lo, hi] = ci;
  return Number.isFinite(lo) && Number.isFinite(hi) && (lo > value || hi < value);
}

/**
 * A reported statistic of any audit: its value on all units and its 95% percentile bootstrap CI
 * (METRICS.md §6). Missing values: a statistic nothing defines has mean NaN; a CI that cannot be
 * computed (B = 0, or no resample defines it) is [NaN, NaN] — never a fake interval [mean, mean].
 * JSON writes NaN as null; each results type's parser reads it back as NaN.
 */

/** A statistic and its 95% CI. */
export interface Ci {
  readonly mean: number;
  readonly ci: readonly [number, number];
}

/**
 * A Ci from a value and an interval; NaN stands for undefined.
 * @example ciOf(0.5, [0.4, 0.6]) // { mean: 0.5, ci: [0.4, 0.6] }
 * @example ciOf(0.5) // { mean: 0.5, ci: [NaN, NaN] }
 */
export function ciOf(mean: number, ci: readonly [number, number] = [NaN, NaN]): Ci {
  return { mean, ci: [ci[0], ci[1]] };
}

import { percentile } from './percentile.ts';
import { confidenceLevel, fullSampleStatistic, resampledStatistics } from './bootstrapResamples.ts';
import type { BootstrapOptions } from './bootstrapResamples.ts';

export type { BootstrapOptions } from './bootstrapResamples.ts';

/** A point estimate with its percentile bootstrap interval. */
export interface Interval {
  readonly mean: number;
  readonly ci: [number, number];
}

/**
 * Percentile bootstrap confidence interval (METRICS.md §6; Efron & Tibshirani
 * 1993, ch. 13). `mean` is the statistic on the full sample (indices 0..n−1);
 * each of B resamples draws n unit indices with replacement from
 * createRng(seed) and recomputes the statistic; ci = the (1−level)/2 and
 * (1+level)/2 percentiles of those B values (numpy linear interpolation).
 *
 * A resample whose statistic is NaN (e.g. an AUC on a single-class resample)
 * is skipped; when all are skipped, or n = 0, ci is [NaN, NaN].
 * Memory is O(B + n): one index buffer is reused, so the statistic must not
 * keep the array it is given.
 * @throws {RangeError} for a non-positive B or a level outside (0, 1).
 * @example bootstrapCi(xs.length, (idx) => meanAt(xs, idx), { resamples: 1000, seed: 1 })
 */
export function bootstrapCi(
  n: number,
  statistic: (indices: Uint32Array) => number,
  options: BootstrapOptions,
): Interval {
  const level = confidenceLevel(options);
  const values = resampledStatistics(n, statistic, options);
  const mean = fullSampleStatistic(n, statistic);
  return { mean, ci: percentileInterval(values, level) };
}

/** The central `level` percentile interval of ascending `values`; [NaN, NaN] when empty. */
export function percentileInterval(sorted: Float64Array, level: number): [number, number] {
  if (sorted.length === 0) return [NaN, NaN];
  return [percentile(sorted, ((1 - level) / 2) * 100), percentile(sorted, ((1 + level) / 2) * 100)];
}

import { percentileInterval } from './bootstrap.ts';
import { bootstrapP } from './bootstrapP.ts';
import type { Interval } from './bootstrap.ts';
import { confidenceLevel, fullSampleStatistic, resampledStatistics } from './bootstrapResamples.ts';
import type { BootstrapOptions } from './bootstrapResamples.ts';

/** A paired difference with its bootstrap interval and two-sided p-value. */
export interface PairedInterval extends Interval {
  readonly p: number;
}

/**
 * Paired bootstrap of a difference θ between two systems measured on the same
 * units (METRICS.md §6). `statistic` receives one resample of unit indices and
 * returns the difference computed on those same units for both sides.
 * mean and ci are as in `bootstrapCi`; the two-sided p-value is
 * p = min(1, 2·min(#{θ* ≤ 0}, #{θ* ≥ 0}) / B'), B' the resamples whose
 * statistic is not NaN. p is NaN when B' = 0 (n = 0 or all NaN).
 * A difference that is 0 in every resample gives p = 1.
 * @throws {RangeError} for a non-positive B or a level outside (0, 1).
 * @example pairedBootstrap(jobs, (idx) => aucOn(a, idx) - aucOn(b, idx), { resamples: 2000, seed: 7 })
 */
export function pairedBootstrap(
  n: number,
  statistic: (indices: Uint32Array) => number,
  options: BootstrapOptions,
): PairedInterval {
  const level = confidenceLevel(options);
  const values = resampledStatistics(n, statistic, options);
  const mean = fullSampleStatistic(n, statistic);
  return { mean, ci: percentileInterval(values, level), p: bootstrapP(values) };
}

import { confidenceLevel, fullSampleStatistic, forEachResample } from './bootstrapResamples.ts';
import type { BootstrapOptions } from './bootstrapResamples.ts';
import { vectorInterval, type VectorInterval } from './vectorInterval.ts';

/**
 * Percentile bootstrap of a statistic that yields `size` numbers at once (e.g. every rate and
 * disparity of an audit): `bootstrapCi` entry by entry, sharing the draws. Each of B resamples
 * draws n unit indices (forEachResample, createRng(seed)) and calls statistic(indices, out) to
 * fill `out`; entry k's CI is the percentile interval of its non-NaN values over the resamples.
 * So entry k equals bootstrapCi(n, (idx) => (statistic(idx, v), v[k]), options), for the cost
 * of one pass. `estimate` is the statistic on indices 0..n−1. Memory O(B·size + n).
 * @throws {RangeError} for a non-positive B or a level outside (0, 1).
 * @example bootstrapVector(xs.length, 2, (idx, out) => { out[0] = meanAt(xs, idx); out[1] = meanAt(ys, idx); }, { resamples: 1000, seed: 1 })
 */
export function bootstrapVector(
  n: number,
  size: number,
  statistic: (indices: Uint32Array, out: Float64Array) => void,
  options: BootstrapOptions,
): VectorInterval {
  const level = confidenceLevel(options);
  const values = new Float64Array(options.resamples * size);
  let drawn = 0;
  forEachResample(n, options, (indices, b) => {
    statistic(indices, values.subarray(b * size, (b + 1) * size));
    drawn = b + 1;
  });
  const estimate = new Float64Array(size);
  fullSampleStatistic(n, (indices) => {
    statistic(indices, estimate);
    return 0;
  });
  return vectorInterval(estimate, values, drawn, level);
}

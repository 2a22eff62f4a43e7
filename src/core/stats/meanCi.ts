import { bootstrapCi, percentileInterval } from './bootstrap.ts';
import type { BootstrapOptions, Interval } from './bootstrap.ts';
import { confidenceLevel, forEachResample } from './bootstrapResamples.ts';

/**
 * Arithmetic mean of `values` at the given unit indices (with repetition):
 * (1/m) Σ_j values[indices[j]]. NaN when there are no indices.
 */
export function meanAt(values: ArrayLike<number>, indices: ArrayLike<number>): number {
  const m = indices.length;
  if (m === 0) return NaN;
  let sum = 0;
  for (let j = 0; j < m; j++) sum += values[indices[j]];
  return sum / m;
}

/**
 * The mean of per-unit values (per query, per job) with its percentile
 * bootstrap CI over the units: `bootstrapCi` with the statistic `meanAt`.
 * An empty input gives { mean: NaN, ci: [NaN, NaN] }.
 * @example meanCi([0, 1, 1, 0], { resamples: 1000, seed: 1 }).mean // 0.5
 */
export function meanCi(values: ArrayLike<number>, options: BootstrapOptions): Interval {
  return bootstrapCi(values.length, (indices) => meanAt(values, indices), options);
}

/**
 * `meanCi` of several per-unit columns over the same units at once: each
 * resample draws one set of unit indices (forEachResample, as bootstrapCi)
 * and takes the mean of every column on it, so the result equals calling
 * meanCi on each column with the same options, for the cost of one draw.
 * @throws {RangeError} when the columns differ in length, or as bootstrapCi.
 * @example meanCis([ndcg, recall], { resamples: 1000, seed: 1 }) // [{mean, ci}, {mean, ci}]
 */
export function meanCis(columns: readonly ArrayLike<number>[], options: BootstrapOptions): Interval[] {
  const level = confidenceLevel(options);
  const n = columns.length > 0 ? columns[0].length : 0;
  if (columns.some((c) => c.length !== n)) throw new RangeError('meanCis needs columns of one length');
  const resampled = columns.map(() => new Float64Array(options.resamples));
  let drawn = 0;
  forEachResample(n, options, (indices, b) => {
    columns.forEach((c, j) => (resampled[j][b] = meanAt(c, indices)));
    drawn = b + 1;
  });
  const all = Uint32Array.from({ length: n }, (_, i) => i);
  return columns.map((c, j) => ({
    mean: meanAt(c, all),
    ci: percentileInterval(resampled[j].subarray(0, drawn).filter((v) => !Number.isNaN(v)).sort(), level),
  }));
}

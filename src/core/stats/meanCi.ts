import { bootstrapCi } from './bootstrap.ts';
import type { BootstrapOptions, Interval } from './bootstrap.ts';

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

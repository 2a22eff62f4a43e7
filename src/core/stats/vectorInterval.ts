import { percentileInterval } from './bootstrap.ts';

/** A vector of point estimates with one percentile interval per entry. */
export interface VectorInterval {
  readonly estimate: Float64Array;
  /** ci[k] for entry k; [NaN, NaN] where no resample defined it. */
  readonly ci: readonly [number, number][];
  /** defined[k]: how many of the B resamples gave entry k a number (not NaN). */
  readonly defined: Uint32Array;
}

/**
 * The percentile intervals of a statistic that yields `estimate.length` numbers, from the values
 * of its `drawn` resamples: entry k of resample b is values[b·size + k] (size = estimate.length).
 * Entry k's CI is the central `level` percentile interval of its non-NaN values (`defined[k]`
 * counts them; [NaN, NaN] when none). What bootstrapVector and componentBootstrap do once their
 * resamples are drawn.
 * @example vectorInterval(Float64Array.of(2, 5), Float64Array.of(3, NaN, 1, 5, 2, NaN), 3, 0.5) // { estimate: [2, 5], ci: [[1.5, 2.5], [5, 5]], defined: [3, 1] }
 */
export function vectorInterval(estimate: Float64Array, values: Float64Array, drawn: number, level: number): VectorInterval {
  const size = estimate.length;
  const ci: [number, number][] = [];
  const defined = new Uint32Array(size);
  const column = new Float64Array(drawn);
  for (let k = 0; k < size; k++) {
    let kept = 0;
    for (let b = 0; b < drawn; b++) {
      const v = values[b * size + k];
      if (!Number.isNaN(v)) column[kept++] = v;
    }
    defined[k] = kept;
    ci.push(percentileInterval(column.slice(0, kept).sort(), level));
  }
  return { estimate, ci, defined };
}

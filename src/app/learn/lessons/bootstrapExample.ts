/** The bootstrap lesson's example: NDCG@10 of twelve queries, resampled one draw at a time. */
import { percentileInterval } from '../../../core/stats/bootstrap.ts';
import { forEachResample } from '../../../core/stats/bootstrapResamples.ts';
import { meanAt } from '../../../core/stats/meanCi.ts';

export const QUERY_NDCG: readonly number[] = Object.freeze([0.82, 0.45, 0.91, 0.67, 0.3, 0.74, 0.58, 0.88, 0.52, 0.61, 0.95, 0.4]);
export const BOOTSTRAP_SEED = 1;
export const MAX_RESAMPLES = 2000;

export interface BootstrapSnapshot {
  /** Mean over all queries (the reported value). */
  readonly mean: number;
  /** Means of resamples 1 … B, ascending. */
  readonly sorted: Float64Array;
  /** Query indices drawn by the last resample (empty when B = 0). */
  readonly lastDraw: readonly number[];
  /** 95% percentile interval of the resample means; [NaN, NaN] when B = 0. */
  readonly ci: [number, number];
}

/**
 * The first B resamples of a percentile bootstrap of the mean (METRICS.md §6),
 * by the core's resampler: the same draws as meanCi with { resamples: B, seed },
 * so at B = 1000 the interval is the one Results reports.
 */
export function bootstrapSnapshot(values: readonly number[], resamples: number, seed = BOOTSTRAP_SEED): BootstrapSnapshot {
  const all = values.map((_, i) => i);
  const means = new Float64Array(resamples);
  let lastDraw: number[] = [];
  if (resamples > 0) {
    forEachResample(values.length, { resamples, seed }, (indices, b) => {
      means[b] = meanAt(values, indices);
      if (b === resamples - 1) lastDraw = Array.from(indices);
    });
  }
  const sorted = means.sort();
  return { mean: meanAt(values, all), sorted, lastDraw, ci: percentileInterval(sorted, 0.95) };
}

/** Counts of `values` in equal bins of `width` from `lo` (values outside [lo, hi) go to the end bins). */
export function binCounts(values: ArrayLike<number>, lo: number, hi: number, width: number): number[] {
  const n = Math.max(1, Math.round((hi - lo) / width));
  const counts = new Array<number>(n).fill(0);
  for (let i = 0; i < values.length; i++) {
    const b = Math.floor((values[i] - lo) / width + 1e-9);
    counts[Math.max(0, Math.min(n - 1, b))]++;
  }
  return counts;
}

/**
 * How the `eval` results report a number (DESIGN.md, "Headless command
 * line"): plain, or `{mean, ci}` (95% percentile bootstrap) when resampling.
 */
import { bootstrapCi } from '../../stats/bootstrap.ts';
import type { Interval } from '../../stats/bootstrap.ts';
import { meanAt, meanCi, meanCis } from '../../stats/meanCi.ts';

/** Bootstrap settings (95% percentile CIs). */
export interface CiOptions {
  readonly resamples: number;
  readonly seed: number;
}

/** A reported number: plain, or `{mean, ci}` when bootstrapping. */
export type Reported = number | Interval;

/**
 * The mean of per-unit values (queries, jobs): a plain number, or with
 * `ci` the mean and its bootstrap CI over the units (core meanCi).
 */
export function reportMean(values: ArrayLike<number>, ci: CiOptions | undefined): Reported {
  if (!ci) {
    const all = Uint32Array.from({ length: values.length }, (_, i) => i);
    return meanAt(values, all);
  }
  return meanCi(values, ci);
}

/**
 * `reportMean` of several per-unit columns over the same units; with `ci`
 * all columns share one set of resamples (core meanCis), the same numbers as
 * calling reportMean on each.
 */
export function reportMeans(columns: readonly ArrayLike<number>[], ci: CiOptions | undefined): Reported[] {
  if (!ci) return columns.map((c) => reportMean(c, undefined));
  return meanCis(columns, ci);
}

/**
 * A statistic of n units (e.g. a pooled AUC over jobs): its value on all
 * units, or with `ci` that value and its bootstrap CI (core bootstrapCi).
 */
export function reportStatistic(
  n: number,
  statistic: (indices: Uint32Array) => number,
  ci: CiOptions | undefined,
): Reported {
  if (!ci) return statistic(Uint32Array.from({ length: n }, (_, i) => i));
  return bootstrapCi(n, statistic, ci);
}

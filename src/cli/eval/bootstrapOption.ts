import type { ParsedArgs } from '../args.ts';
import { stringOption } from '../args.ts';
import { InputError } from '../errors.ts';
import { bootstrapCi } from '../../core/stats/bootstrap.ts';
import type { Interval } from '../../core/stats/bootstrap.ts';
import { meanAt, meanCi, meanCis } from '../../core/stats/meanCi.ts';

/** Bootstrap settings from `--bootstrap B --seed S` (95% percentile CIs). */
export interface CiOptions {
  readonly resamples: number;
  readonly seed: number;
}

/** A reported number: plain, or `{mean, ci}` when bootstrapping (DESIGN.md, "Headless command line"). */
export type Reported = number | Interval;

/**
 * Reads `--bootstrap B` (a positive integer) and `--seed S` (an integer,
 * default 0). undefined when --bootstrap is absent.
 * @throws {InputError} for a malformed B or S, or --seed without --bootstrap.
 */
export function ciOptions(args: ParsedArgs): CiOptions | undefined {
  const b = stringOption(args, 'bootstrap');
  const s = stringOption(args, 'seed');
  if (b === undefined) {
    if (s !== undefined) throw new InputError('--seed needs --bootstrap B');
    return undefined;
  }
  const resamples = Number(b);
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new InputError(`--bootstrap must be a positive integer, got "${b}"`);
  }
  const seed = s === undefined ? 0 : Number(s);
  if (!Number.isInteger(seed)) throw new InputError(`--seed must be an integer, got "${s}"`);
  return { resamples, seed };
}

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

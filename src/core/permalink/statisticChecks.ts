/**
 * Checks of the statistics a result reports: a `{ mean, ci }` with both in
 * the metric's range, and the ranges themselves (METRICS.md). A link writes
 * an undefined statistic (NaN) as null, so means and bounds may be null; an
 * interval is two numbers with lo ≤ hi, or two nulls.
 */
import { indexPath } from './path.ts';
import { fail, check, type Check } from './shapeCheck.ts';
import { object } from './containerChecks.ts';
import { bool, number, type NumberRule } from './valueChecks.ts';

/** The range of each kind of statistic. */
export const RANGES = Object.freeze({
  /** NDCG, P, MRR, IoU, dropout, |RBC|, AUC, balanced accuracy, F1, precision: shares. */
  proportion: Object.freeze({ min: 0, max: 1 }),
  /** RBC (per query and pooled), Kendall τ, Pearson r, ΔAUC. */
  correlation: Object.freeze({ min: -1, max: 1 }),
  /** Rank shifts, standard deviations (Std MAD), odds ratios, latencies. */
  nonNegative: Object.freeze({ min: 0 }),
  /** Label flips %, Disag@5 %, Excl@5 %, row percentages, thresholds on the 0–100 score scale. */
  percent: Object.freeze({ min: 0, max: 100 }),
  /** ΔScore on the 0–100 score scale. */
  scoreDelta: Object.freeze({ min: -100, max: 100 }),
  /** ICC(2,1): at most 1, unbounded below. */
  agreement: Object.freeze({ max: 1 }),
  /** ΔRank, Cohen's d: any finite number. */
  any: Object.freeze({}),
} satisfies Record<string, NumberRule>);

/** The `[lo, hi]` of a 95% CI: two numbers in `range` with lo ≤ hi, or two nulls. */
export function interval(range: NumberRule): Check {
  const bound = number({ ...range, nullable: true });
  const what = 'an array of 2 items';
  return check('array', what, (value, path) => {
    if (!Array.isArray(value)) fail(path, what, value);
    if (value.length !== 2) fail(path, '2 items', value);
    bound(value[0], indexPath(path, 0));
    bound(value[1], indexPath(path, 1));
    const [lo, hi] = value as [number | null, number | null];
    if ((lo === null) !== (hi === null)) fail(path, 'two numbers or two nulls', value);
    if (lo !== null && hi !== null && lo > hi) fail(path, '[lo, hi] with lo ≤ hi', value);
  });
}

/** A reported statistic `{ mean, ci }`, mean and bounds in `range` (or null where undefined). */
export function statistic(range: NumberRule): Check {
  const fields = object({ mean: number({ ...range, nullable: true }), ci: interval(range) });
  return check('object', 'an object {mean, ci}', (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'an object {mean, ci}', value);
    fields(value, path);
  });
}

/**
 * A statistic with its test `{ mean, ci, p, q, significant }` (a screening
 * bias row, src/core/audit/screening/results.ts `TestedCi`): mean and bounds in
 * `range`, p and q in [0, 1] or null (undefined), significant a boolean.
 */
export function testedStatistic(range: NumberRule): Check {
  const fields = object({
    mean: number({ ...range, nullable: true }),
    ci: interval(range),
    p: number({ ...RANGES.proportion, nullable: true }),
    q: number({ ...RANGES.proportion, nullable: true }),
    significant: bool,
  });
  return check('object', 'an object {mean, ci, p, q, significant}', (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'an object {mean, ci, p, q, significant}', value);
    fields(value, path);
  });
}

/** The statistics of `keys`, each in its range: the fields of an object() check. */
export function statistics(ranges: Readonly<Record<string, NumberRule>>): Record<string, Check> {
  return Object.fromEntries(Object.entries(ranges).map(([key, range]) => [key, statistic(range)]));
}

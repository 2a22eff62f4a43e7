import type { Scored } from '../ranking.ts';
import { topRankedIndices } from './topRanked.ts';
import { groupRows } from './groups.ts';

/** Screening predictions: one row per (CV, job), 1 = FIT. */
export interface Predictions {
  readonly ids: readonly string[];
  /** The job (pool) of each row. */
  readonly groups: readonly string[];
  readonly labels: ArrayLike<number>;
  readonly scores: ArrayLike<number>;
}

/** A per-job value and its macro average over jobs. */
export interface PerGroup {
  /** Jobs in order of first appearance. */
  readonly groups: readonly string[];
  readonly values: Float64Array;
  /** Mean over jobs; NaN when there are no jobs. */
  readonly mean: number;
}

function perGroup(p: Predictions, value: (rows: readonly number[]) => number): PerGroup {
  const rowsByGroup = groupRows(p.groups);
  const values = Float64Array.from(rowsByGroup, value);
  let sum = 0;
  for (const v of values) sum += v;
  return {
    groups: rowsByGroup.map((rows) => p.groups[rows[0]]),
    values,
    mean: values.length > 0 ? sum / values.length : NaN,
  };
}

/**
 * Precision@k per job (METRICS.md §2): the share of FIT among the k
 * highest-scored CVs of the job under the tie rule (score descending, then id
 * descending); a pool smaller than k uses its size in place of k. Averaged
 * over jobs (macro).
 * @throws {RangeError} when k is not a positive integer.
 * @example precisionAtK({ ids: ['a', 'b', 'c'], groups: ['j', 'j', 'j'], labels: [1, 0, 0], scores: [1, 1, 0] }, 1).mean // 0 (b outranks a)
 */
export function precisionAtK(p: Predictions, k: number): PerGroup {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, got ${k}`);
  return perGroup(p, (rows) => {
    const items: Scored[] = rows.map((r) => ({ id: p.ids[r], score: p.scores[r] }));
    const top = topRankedIndices(items, k);
    let fit = 0;
    for (const i of top) if (p.labels[rows[i]] === 1) fit++;
    return fit / top.length;
  });
}

/**
 * The random baseline of precision@k: the expected precision of a random
 * ordering, i.e. the share of FIT in each job's pool, averaged over jobs.
 * @example randomBaseline({ ids: ['a', 'b', 'c'], groups: ['j', 'j', 'k'], labels: [1, 0, 1], scores: [0, 0, 0] }).mean // (0.5 + 1)/2
 */
export function randomBaseline(p: Predictions): PerGroup {
  return perGroup(p, (rows) => {
    let fit = 0;
    for (const r of rows) if (p.labels[r] === 1) fit++;
    return fit / rows.length;
  });
}

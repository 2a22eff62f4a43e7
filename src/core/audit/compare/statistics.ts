/**
 * A reported retrieval statistic recomputed from a model's per-unit columns
 * (retrieval/perUnit.ts) at any resample of the units — the way
 * retrieval/summarize.ts computes it from the per-query values, the same
 * sums in the same order, so on all units it is the reported mean to the bit:
 *
 * - a mean over the units that define it (NaN where none does): `ndcg@k`,
 *   `p@k`, `mrr@k`, `iou@k`, `dropout@k`, `rank_shift`, `kendall_tau`,
 *   `pearson`, `cohens_d`, `std_mad`, and `rbc` (defined at every unit with
 *   a twin pair), and the group fairness of rankings' `awrf@k`, `awrf_ndcg@k`,
 *   `ndkl@k`, `exposure_ratio`, `disparate_treatment` (METRICS.md §12, over the
 *   queries that define them);
 * - `rbc_abs` = |that mean of `rbc`|;
 * - `rbc_pooled` = (ΣW_F − ΣW_M) / (ΣW_F + ΣW_M) over the units with pairs, 0
 *   when both sums are 0 (METRICS.md §3);
 * - `odds_ratio@k` = exp(mean of `log_odds_ratio@k` where defined);
 * - a screening effect's `delta_score|attribute|group|signal` = the mean of
 *   its column over the (job, CV) pairs that define it (screeningUnits.ts).
 */
import { rankBiserial } from '../../metrics/twinsKernel.ts';

/** Per-unit columns by key, NaN where a unit leaves a value undefined. */
export type UnitColumns = ReadonlyMap<string, Float64Array>;

/** A statistic of the columns at a resample of unit indices (repeated indices count repeatedly). */
export type UnitStatistic = (columns: UnitColumns, indices: ArrayLike<number>) => number;

/** The mean of the values at `indices` that are not NaN; NaN when none is. */
function meanDefined(values: Float64Array | undefined, indices: ArrayLike<number>): number {
  if (!values) return NaN;
  let sum = 0;
  let count = 0;
  for (let j = 0; j < indices.length; j++) {
    const v = values[indices[j]];
    if (Number.isNaN(v)) continue;
    sum += v;
    count++;
  }
  return count === 0 ? NaN : sum / count;
}

const MEAN = /^(?:(?:ndcg|p|mrr|iou|dropout|awrf|awrf_ndcg|ndkl)@\d+|rank_shift|kendall_tau|pearson|cohens_d|std_mad|rbc|exposure_ratio|disparate_treatment)$/;
/** A screening effect's ΔScore: the mean over the (job, CV) pairs that define it (compare/screeningUnits.ts). */
const SCREENING_MEAN = /^delta_score\|/;

/**
 * The per-unit form of a reported statistic, or undefined for a key the
 * columns cannot give (a screening metric, a per-language scope).
 * @example unitStatistic('rank_shift')!(new Map([['rank_shift', Float64Array.of(2, NaN, 4)]]), [0, 1, 2]) // 3
 */
export function unitStatistic(key: string): UnitStatistic | undefined {
  if (MEAN.test(key) || SCREENING_MEAN.test(key)) return (columns, indices) => meanDefined(columns.get(key), indices);
  if (key === 'rbc_abs') return (columns, indices) => Math.abs(meanDefined(columns.get('rbc'), indices));
  if (key === 'rbc_pooled') {
    return (columns, indices) => {
      const first = columns.get('wins_first');
      const second = columns.get('wins_second');
      if (!first || !second) return NaN;
      let wf = 0;
      let ws = 0;
      let present = 0;
      for (let j = 0; j < indices.length; j++) {
        const u = indices[j];
        if (Number.isNaN(first[u])) continue;
        wf += first[u];
        ws += second[u];
        present++;
      }
      return present === 0 ? NaN : rankBiserial(wf, ws);
    };
  }
  const odds = /^odds_ratio@(\d+)$/.exec(key);
  if (odds) return (columns, indices) => Math.exp(meanDefined(columns.get(`log_odds_ratio@${odds[1]}`), indices));
  return undefined;
}

/**
 * Stored columns (numbers, with null where JSON wrote NaN) as Float64Arrays.
 * @example unitColumns({ rank_shift: [2, null] }).get('rank_shift') // Float64Array [2, NaN]
 */
export function unitColumns(columns: Readonly<Record<string, readonly (number | null)[]>>): UnitColumns {
  return new Map(Object.entries(columns).map(([key, values]) => [key, Float64Array.from(values, (v) => (typeof v === 'number' ? v : NaN))]));
}

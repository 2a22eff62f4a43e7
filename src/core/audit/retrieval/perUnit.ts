/**
 * The per-unit values a model's results keep for comparisons across runs
 * (core/audit/compare): each audited query's effectiveness and overall twin
 * metrics, as columns aligned with the bootstrap units. Two runs on the same
 * units resample them alike (the same seed draws the same indices), so the
 * difference of a statistic between them is a paired bootstrap (METRICS.md §6).
 *
 * Every summary statistic of `TwinMetrics` at the overall scope, and every
 * effectiveness mean, is a function of these columns (compare/statistics.ts
 * computes them the way summarize.ts does, to the bit).
 */
import { sha256Hex } from '../../sha256.ts';
import { twinColumns } from '../../metrics/twins.ts';
import { effectivenessKeys, type ModelPerUnit } from './results.ts';
import type { PerQueryValues } from './perQuery.ts';
import type { QueryGroupFairness } from '../../metrics/groupFairness/index.ts';

/** The per-query group fairness columns (§12), NaN where a query is skipped: their means are the summary's. */
function groupColumns(records: readonly QueryGroupFairness[], k: number): Record<string, number[]> {
  const column = (value: (r: QueryGroupFairness) => number | undefined) => records.map((r) => value(r) ?? NaN);
  return {
    [`awrf@${k}`]: column((r) => r.awrf),
    [`awrf_ndcg@${k}`]: column((r) => r.awrfNdcg),
    [`ndkl@${k}`]: column((r) => r.ndkl),
    exposure_ratio: column((r) => r.exposureRatio),
    disparate_treatment: column((r) => r.disparateTreatment),
  };
}

/**
 * SHA-256 of the unit identifiers joined by a line feed, in unit order: two
 * runs with the same hash audited the same queries in the same order.
 * @example unitsSha256(['q1', 'q2']) // sha256 of "q1\nq2"
 */
export function unitsSha256(unitIds: readonly string[]): string {
  return sha256Hex(new TextEncoder().encode(unitIds.join('\n')));
}

/**
 * The per-unit columns of one model: `ndcg@k`, `p@k`, `mrr@k` (when judged),
 * then the overall scope's `iou@k`, `rank_shift`, `dropout@k`, `kendall_tau`,
 * `pearson`, `cohens_d`, `std_mad`, the per-query `rbc`, the win counts
 * `wins_first` and `wins_second` (the pooled RBC) and `log_odds_ratio@k`
 * (OddsRatio@k is the exponential of their mean); with group labels, the
 * per-query group fairness of METRICS.md §12 (`awrf@k`, `awrf_ndcg@k`,
 * `ndkl@k`, `exposure_ratio`, `disparate_treatment`). NaN where a query leaves a
 * value undefined (no twin pair, a query §12 skips; JSON writes null).
 */
export function perUnitOf(unitIds: readonly string[], values: PerQueryValues, k: number, judged: boolean): ModelPerUnit {
  const list = (a: ArrayLike<number>) => Array.from(a);
  const columns: Record<string, number[]> = {};
  if (judged) effectivenessKeys(k).forEach((key, f) => (columns[key] = list(values.effectiveness[f])));
  const t = twinColumns(values.overall);
  columns[`iou@${k}`] = list(t.means.iou);
  columns.rank_shift = list(t.means.rankShift);
  columns[`dropout@${k}`] = list(t.means.dropout);
  columns.kendall_tau = list(t.means.kendallTau);
  columns.pearson = list(t.means.pearson);
  columns.cohens_d = list(t.means.cohensD);
  columns.std_mad = list(t.means.stdMad);
  columns.rbc = list(t.rbc);
  columns.wins_first = list(t.winsFirst);
  columns.wins_second = list(t.winsSecond);
  columns[`log_odds_ratio@${k}`] = list(t.logOdds);
  if (values.groupRecords) Object.assign(columns, groupColumns(values.groupRecords, k));
  return { units: unitIds.length, unitsSha256: unitsSha256(unitIds), columns };
}

/**
 * The classification metrics of screening scores at a decision threshold
 * (METRICS.md §2), as both `eval classification` and the screening audit's
 * validity section report them: AUC, balanced accuracy and macro-F1 pooled
 * over the rows of the jobs drawn, precision@k and its random baseline per
 * job, and the confusion matrix. How a statistic over jobs is reported
 * (plain, {mean, ci}, a Ci) is the caller's.
 */
import {
  auc,
  balancedAccuracy,
  confusionCounts,
  confusionMatrix,
  groupRows,
  macroF1,
  poolGroups,
  precisionAtK,
  randomBaseline,
  type ConfusionCounts,
  type ConfusionMatrix,
  type Predictions,
} from '../../metrics/classification.ts';

/** How the caller reports a statistic of the n jobs, and the mean of per-job values. */
export interface JobReporting<T> {
  over(n: number, statistic: (jobs: Uint32Array) => number): T;
  mean(values: Float64Array): T;
}

export interface ThresholdMetrics<T> {
  readonly auc: T;
  readonly balancedAccuracy: T;
  readonly macroF1: T;
  readonly precisionAtK: T;
  readonly randomBaseline: T;
  readonly confusion: { readonly labels: [0, 1]; readonly counts: ConfusionMatrix['counts']; readonly row_percent: ConfusionMatrix['rowPercent'] };
  readonly jobs: number;
}

/** @param k the shortlist size of precision@k. */
export function thresholdMetrics<T>(pred: Predictions, threshold: number, k: number, report: JobReporting<T>): ThresholdMetrics<T> {
  const rowsByGroup = groupRows(pred.groups);
  const jobs = rowsByGroup.length;
  const pooled = (metric: (labels: Uint8Array, scores: Float64Array) => number) => (chosen: Uint32Array) => {
    const p = poolGroups(rowsByGroup, chosen, pred.labels, pred.scores);
    return metric(p.labels, p.scores);
  };
  const atThreshold = (metric: (c: ConfusionCounts) => number) => pooled((labels, scores) => metric(confusionCounts(labels, scores, threshold)));
  const matrix = confusionMatrix(confusionCounts(pred.labels, pred.scores, threshold));
  return {
    auc: report.over(jobs, pooled(auc)),
    balancedAccuracy: report.over(jobs, atThreshold(balancedAccuracy)),
    macroF1: report.over(jobs, atThreshold(macroF1)),
    precisionAtK: report.mean(precisionAtK(pred, k).values),
    randomBaseline: report.mean(randomBaseline(pred).values),
    confusion: { labels: [0, 1], counts: matrix.counts, row_percent: matrix.rowPercent },
    jobs,
  };
}

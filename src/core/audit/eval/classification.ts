/**
 * `eval classification`: pooled AUC, balanced accuracy, macro-F1 and the
 * confusion matrix at a threshold, precision@k per job averaged over jobs,
 * and its random baseline (METRICS.md §2). With `ci`, every metric but the
 * confusion matrix and threshold becomes {mean, ci}, resampling jobs (the
 * threshold stays fixed). AUC is null for one class.
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
  tuneThreshold,
} from '../../metrics/classification.ts';
import type { ConfusionCounts, Predictions } from '../../metrics/classification.ts';
import { reportMean, reportStatistic, type CiOptions } from './ciReport.ts';

/** Default decision threshold on the 0–100 score scale (METRICS.md §5, §8). */
export const DEFAULT_CLASSIFICATION_THRESHOLD = 50;

/** The threshold tuned on a tune split; undefined when it holds one class only. */
export function tunedThreshold(tune: Predictions): number | undefined {
  return tuneThreshold(tune.labels, tune.scores)?.threshold;
}

export function evalClassification(pred: Predictions, options: { readonly threshold: number; readonly k: number }, ci?: CiOptions) {
  const { threshold, k } = options;
  const rowsByGroup = groupRows(pred.groups);
  const pooled = (metric: (c: ConfusionCounts) => number) => (chosen: Uint32Array) => {
    const p = poolGroups(rowsByGroup, chosen, pred.labels, pred.scores);
    return metric(confusionCounts(p.labels, p.scores, threshold));
  };
  const counts = confusionCounts(pred.labels, pred.scores, threshold);
  const matrix = confusionMatrix(counts);
  return {
    auc: reportStatistic(
      rowsByGroup.length,
      (chosen) => {
        const p = poolGroups(rowsByGroup, chosen, pred.labels, pred.scores);
        return auc(p.labels, p.scores);
      },
      ci,
    ),
    balanced_accuracy: reportStatistic(rowsByGroup.length, pooled(balancedAccuracy), ci),
    macro_f1: reportStatistic(rowsByGroup.length, pooled(macroF1), ci),
    [`precision@${k}`]: reportMean(precisionAtK(pred, k).values, ci),
    random_baseline: reportMean(randomBaseline(pred).values, ci),
    threshold,
    confusion: { labels: [0, 1], counts: matrix.counts, row_percent: matrix.rowPercent },
    n_rows: pred.ids.length,
    n_jobs: rowsByGroup.length,
  };
}

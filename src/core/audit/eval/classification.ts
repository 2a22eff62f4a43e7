/**
 * `eval classification`: pooled AUC, balanced accuracy, macro-F1 and the
 * confusion matrix at a threshold, precision@k per job averaged over jobs,
 * and its random baseline (METRICS.md §2). With `ci`, every metric but the
 * confusion matrix and threshold becomes {mean, ci}, resampling jobs (the
 * threshold stays fixed). AUC is null for one class.
 */
import { tuneThreshold, type Predictions } from '../../metrics/classification.ts';
import { thresholdMetrics } from '../thresholdMetrics.ts';
import { reportMean, reportStatistic, type CiOptions } from './ciReport.ts';

/** Default decision threshold on the 0–100 score scale (METRICS.md §5, §8). */
export const DEFAULT_CLASSIFICATION_THRESHOLD = 50;

/** The threshold tuned on a tune split; undefined when it holds one class only. */
export function tunedThreshold(tune: Predictions): number | undefined {
  return tuneThreshold(tune.labels, tune.scores)?.threshold;
}

export function evalClassification(pred: Predictions, options: { readonly threshold: number; readonly k: number }, ci?: CiOptions) {
  const { threshold, k } = options;
  const m = thresholdMetrics(pred, threshold, k, { over: (n, statistic) => reportStatistic(n, statistic, ci), mean: (values) => reportMean(values, ci) });
  return {
    auc: m.auc,
    balanced_accuracy: m.balancedAccuracy,
    macro_f1: m.macroF1,
    [`precision@${k}`]: m.precisionAtK,
    random_baseline: m.randomBaseline,
    threshold,
    confusion: m.confusion,
    n_rows: pred.ids.length,
    n_jobs: m.jobs,
  };
}

/**
 * `eval classification`: pooled AUC, balanced accuracy, macro-F1 and the
 * confusion matrix at a threshold, precision@k per job averaged over jobs,
 * and its random baseline (METRICS.md §2). With `ci`, every metric but the
 * confusion matrix and threshold becomes {mean, ci}, resampling jobs (the
 * threshold stays fixed), and `chance` says which metrics' 95% CIs exclude
 * chance (0.5; the random baseline for precision@k). With reference scores
 * on the same rows, `delta_auc` = AUC − AUC(reference), with `ci` a paired
 * bootstrap over jobs with `p` and `significant` (its CI excludes 0). AUC is
 * null for one class.
 */
import { auc, deltaAuc, tuneThreshold, type Predictions } from '../../metrics/classification.ts';
import { ciExcludes } from '../../stats/ciExcludes.ts';
import type { Interval } from '../../stats/bootstrap.ts';
import { thresholdMetrics, CHANCE_LEVEL } from '../screening/index.ts';
import { reportMean, reportStatistic, type CiOptions, type Reported } from '../common/index.ts';

/** Default decision threshold on the 0–100 score scale (METRICS.md §5, §8). */
export const DEFAULT_CLASSIFICATION_THRESHOLD = 50;

/** The threshold tuned on a tune split; undefined when it holds one class only. */
export function tunedThreshold(tune: Predictions): number | undefined {
  return tuneThreshold(tune.labels, tune.scores)?.threshold;
}

/**
 * The reference model's scores aligned with `pred`'s rows, matched by
 * (group, id): ΔAUC compares two models on the same rows.
 * @throws {RangeError} naming the first row of `pred` the reference lacks, a
 *   row of the reference `pred` lacks, or a row whose label differs.
 * @example referenceScoresFor(pred, reference)[0] // the reference's score of pred's first row
 */
export function referenceScoresFor(pred: Predictions, reference: Predictions): Float64Array {
  const key = (group: string, id: string) => `${group}\u0000${id}`;
  const byKey = new Map(reference.ids.map((id, i) => [key(reference.groups[i], id), i]));
  const out = new Float64Array(pred.ids.length);
  pred.ids.forEach((id, i) => {
    const j = byKey.get(key(pred.groups[i], id));
    if (j === undefined) throw new RangeError(`no reference score for id "${id}" in group "${pred.groups[i]}"`);
    if (reference.labels[j] !== pred.labels[i]) throw new RangeError(`id "${id}" in group "${pred.groups[i]}" has label ${reference.labels[j]} in the reference scores and ${pred.labels[i]} in the predictions`);
    out[i] = reference.scores[j];
  });
  if (reference.ids.length !== pred.ids.length) {
    const mine = new Set(pred.ids.map((id, i) => key(pred.groups[i], id)));
    const extra = reference.ids.findIndex((id, j) => !mine.has(key(reference.groups[j], id)));
    throw new RangeError(`the reference scores have id "${reference.ids[extra]}" in group "${reference.groups[extra]}", which the predictions lack`);
  }
  return out;
}

/** A validity metric against chance: its level and whether its 95% CI excludes it. */
function chance(value: Reported, level: number) {
  return { level, excluded: typeof value === 'object' && ciExcludes(value.ci, level) };
}

/** ΔAUC of `scores` against `referenceScores` on the same rows: plain, or with `ci` the paired bootstrap over jobs. */
function deltaAucReport(pred: Predictions, referenceScores: Float64Array, ci: CiOptions | undefined): number | (Interval & { p: number; significant: boolean }) {
  if (!ci) return auc(pred.labels, pred.scores) - auc(pred.labels, referenceScores);
  const d = deltaAuc(pred.groups, pred.labels, pred.scores, referenceScores, ci);
  return { mean: d.mean, ci: d.ci, p: d.p, significant: ciExcludes(d.ci, 0) };
}

export function evalClassification(
  pred: Predictions,
  options: { readonly threshold: number; readonly k: number; readonly referenceScores?: Float64Array },
  ci?: CiOptions,
) {
  const { threshold, k } = options;
  const m = thresholdMetrics(pred, threshold, k, { over: (n, statistic) => reportStatistic(n, statistic, ci), mean: (values) => reportMean(values, ci) });
  const baseline = typeof m.randomBaseline === 'number' ? m.randomBaseline : m.randomBaseline.mean;
  return {
    auc: m.auc,
    balanced_accuracy: m.balancedAccuracy,
    macro_f1: m.macroF1,
    [`precision@${k}`]: m.precisionAtK,
    random_baseline: m.randomBaseline,
    threshold,
    confusion: m.confusion,
    ...(ci
      ? {
          chance: {
            auc: chance(m.auc, CHANCE_LEVEL),
            balanced_accuracy: chance(m.balancedAccuracy, CHANCE_LEVEL),
            macro_f1: chance(m.macroF1, CHANCE_LEVEL),
            [`precision@${k}`]: chance(m.precisionAtK, baseline),
          },
        }
      : {}),
    ...(options.referenceScores ? { delta_auc: deltaAucReport(pred, options.referenceScores, ci) } : {}),
    n_rows: pred.ids.length,
    n_jobs: m.jobs,
  };
}

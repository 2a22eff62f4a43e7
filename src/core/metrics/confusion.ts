import { countPositives } from './auc.ts';

/** Counts of a binary decision against 0/1 labels (1 = FIT = positive). */
export interface ConfusionCounts {
  readonly tp: number;
  readonly fp: number;
  readonly tn: number;
  readonly fn: number;
}

/**
 * Confusion counts at threshold t: predict 1 iff s ≥ t (METRICS.md §2).
 * @throws {RangeError} for a label other than 0/1 or lengths that differ.
 * @example confusionCounts([1, 0], [0.7, 0.7], 0.5) // { tp: 1, fp: 1, tn: 0, fn: 0 }
 */
export function confusionCounts(labels: ArrayLike<number>, scores: ArrayLike<number>, threshold: number): ConfusionCounts {
  countPositives(labels, scores);
  let tp = 0;
  let fp = 0;
  let tn = 0;
  let fn = 0;
  for (let i = 0; i < labels.length; i++) {
    const predicted = scores[i] >= threshold;
    if (labels[i] === 1) {
      if (predicted) tp++;
      else fn++;
    } else if (predicted) fp++;
    else tn++;
  }
  return { tp, fp, tn, fn };
}

/**
 * Balanced accuracy = (TPR + TNR)/2, TPR = tp/(tp+fn), TNR = tn/(tn+fp).
 * When one class has no true members its rate is undefined and the mean is
 * taken over the defined one (as sklearn.metrics.balanced_accuracy_score);
 * NaN when there are no labels at all.
 * @example balancedAccuracy({ tp: 3, fn: 1, tn: 1, fp: 1 }) // 0.625
 */
export function balancedAccuracy(c: ConfusionCounts): number {
  const rates: number[] = [];
  if (c.tp + c.fn > 0) rates.push(c.tp / (c.tp + c.fn));
  if (c.tn + c.fp > 0) rates.push(c.tn / (c.tn + c.fp));
  return rates.length === 0 ? NaN : rates.reduce((a, b) => a + b, 0) / rates.length;
}

/** F1 = 2·tp / (2·tp + fp + fn), 0 when the denominator is 0 (zero_division=0). */
function f1(tp: number, fp: number, fn: number): number {
  const d = 2 * tp + fp + fn;
  return d === 0 ? 0 : (2 * tp) / d;
}

/**
 * Macro-F1 = mean of the F1 of class 1 and of class 0 (METRICS.md §2), each
 * F1 = 0 where undefined. Both classes always count, even when one is absent
 * from labels and predictions alike: this equals sklearn's
 * f1_score(average='macro', labels=[0, 1], zero_division=0) — without
 * labels=[0, 1] sklearn would average over the present class only.
 * @example macroF1({ tp: 3, fn: 1, tn: 1, fp: 1 }) // (6/8 + 2/4)/2 = 0.625
 */
export function macroF1(c: ConfusionCounts): number {
  return (f1(c.tp, c.fp, c.fn) + f1(c.tn, c.fn, c.fp)) / 2;
}

/** A 2×2 confusion matrix: rows = true class (0, 1), columns = predicted class (0, 1). */
export interface ConfusionMatrix {
  /** [[tn, fp], [fn, tp]]. */
  readonly counts: [[number, number], [number, number]];
  /** 100 × count / row total; NaN in a row without members. */
  readonly rowPercent: [[number, number], [number, number]];
}

/**
 * The confusion matrix with counts and row percentages (as sklearn's
 * confusion_matrix with labels=[0, 1], and normalize='true' × 100).
 * @example confusionMatrix({ tp: 3, fn: 1, tn: 1, fp: 1 }).rowPercent // [[50, 50], [25, 75]]
 */
export function confusionMatrix(c: ConfusionCounts): ConfusionMatrix {
  const row = (a: number, b: number): [number, number] => {
    const total = a + b;
    return total === 0 ? [NaN, NaN] : [(100 * a) / total, (100 * b) / total];
  };
  return {
    counts: [
      [c.tn, c.fp],
      [c.fn, c.tp],
    ],
    rowPercent: [row(c.tn, c.fp), row(c.fn, c.tp)],
  };
}

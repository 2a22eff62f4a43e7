/** The balanced-accuracy lesson's example: ten CVs to tune the threshold on, ten to test it on. */
import { balancedAccuracy, confusionCounts, confusionMatrix, type ConfusionMatrix } from '../../../core/metrics/confusion.ts';
import { tuneThreshold } from '../../../core/metrics/threshold.ts';

export interface LabeledSplit {
  /** 1 = FIT, 0 = NO FIT. */
  readonly labels: readonly number[];
  readonly scores: readonly number[];
}

export const TUNE_SPLIT: LabeledSplit = Object.freeze({
  labels: Object.freeze([1, 1, 0, 1, 1, 0, 0, 0, 0, 0]),
  scores: Object.freeze([92, 85, 80, 74, 66, 61, 55, 48, 40, 33]),
});

export const TEST_SPLIT: LabeledSplit = Object.freeze({
  labels: Object.freeze([1, 0, 1, 1, 0, 1, 0, 0, 0, 0]),
  scores: Object.freeze([90, 83, 77, 70, 64, 58, 52, 45, 38, 30]),
});

export const DEFAULT_THRESHOLD = 50;

/** The threshold that maximises balanced accuracy on the tune split (METRICS.md §2). */
export function tunedThreshold(split: LabeledSplit = TUNE_SPLIT): number {
  const tuned = tuneThreshold(split.labels, split.scores);
  if (!tuned) throw new Error('the tune split needs both classes');
  return tuned.threshold;
}

export interface ThresholdResult {
  readonly balancedAccuracy: number;
  readonly matrix: ConfusionMatrix;
}

/** Balanced accuracy and the confusion matrix of a split at threshold t (predict FIT iff s ≥ t). */
export function atThreshold(split: LabeledSplit, threshold: number): ThresholdResult {
  const counts = confusionCounts(split.labels, split.scores, threshold);
  return { balancedAccuracy: balancedAccuracy(counts), matrix: confusionMatrix(counts) };
}

/**
 * Classification and screening validity (METRICS.md §2). Each concept lives
 * in its own file; this module gathers them.
 *
 * AUC, balanced accuracy, macro-F1 and the confusion matrix are pooled over
 * all rows (CVs of every job); precision@k and its random baseline are per
 * job, then averaged. Bootstraps resample jobs.
 */
export { auc, countPositives } from './auc.ts';
export { balancedAccuracy, confusionCounts, confusionMatrix, macroF1 } from './confusion.ts';
export type { ConfusionCounts, ConfusionMatrix } from './confusion.ts';
export { tuneThreshold } from './threshold.ts';
export type { TunedThreshold } from './threshold.ts';
export { precisionAtK, randomBaseline } from './precisionAtK.ts';
export type { PerGroup, Predictions } from './precisionAtK.ts';
export { deltaAuc } from './deltaAuc.ts';
export { groupRows, poolGroups } from './groups.ts';

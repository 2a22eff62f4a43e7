import { pairedBootstrap } from '../stats/pairedBootstrap.ts';
import type { PairedInterval } from '../stats/pairedBootstrap.ts';
import type { BootstrapOptions } from '../stats/bootstrapResamples.ts';
import { auc } from './auc.ts';
import { groupRows, poolGroups } from './groups.ts';

/**
 * ΔAUC = AUC(model) − AUC(reference) on the same rows (METRICS.md §2), with a
 * paired bootstrap over jobs (§6): each resample draws jobs with replacement,
 * pools their rows, and takes the difference of the two pooled AUCs on those
 * same rows. Resamples where AUC is undefined (one class only) are skipped.
 * p is the two-sided bootstrap p-value of pairedBootstrap.
 * @throws {RangeError} when the arrays differ in length or a label is not 0/1.
 * @example deltaAuc(groups, labels, modelScores, referenceScores, { resamples: 2000, seed: 1 })
 */
export function deltaAuc(
  groups: readonly string[],
  labels: ArrayLike<number>,
  scores: ArrayLike<number>,
  referenceScores: ArrayLike<number>,
  options: BootstrapOptions,
): PairedInterval {
  if (groups.length !== labels.length || referenceScores.length !== scores.length) {
    throw new RangeError('groups, labels, scores and reference scores must have the same length');
  }
  const rowsByGroup = groupRows(groups);
  return pairedBootstrap(
    rowsByGroup.length,
    (chosen) => {
      const model = poolGroups(rowsByGroup, chosen, labels, scores);
      const reference = poolGroups(rowsByGroup, chosen, labels, referenceScores);
      return auc(model.labels, model.scores) - auc(reference.labels, reference.scores);
    },
    options,
  );
}

/**
 * Scores of label predictions (METRICS.md §9.5): balanced accuracy for binary
 * tasks and macro-F1 for similarity tasks, as scikit-learn computes them.
 */

/**
 * Balanced accuracy of binary predictions, (TPR + TNR)/2, after mapping every
 * prediction that is not exactly 0 or 1 (invalid output) to 0. A class absent
 * from the reference is left out of the mean (sklearn warns and does the same).
 * @throws {RangeError} when a reference is not 0 or 1, or there are no items.
 * @example balancedAccuracyBinary([1, 'maybe', 0], [1, 1, 0]) // (1/2 + 1)/2 = 0.75
 */
export function balancedAccuracyBinary(predictions: readonly unknown[], references: readonly unknown[]): number {
  if (references.length === 0) throw new RangeError('no items to score');
  const hit = [0, 0];
  const total = [0, 0];
  references.forEach((r, i) => {
    if (r !== 0 && r !== 1) throw new RangeError(`binary reference must be 0 or 1, got ${JSON.stringify(r)}`);
    const p = predictions[i] === 1 ? 1 : 0;
    total[r]++;
    if (p === r) hit[r]++;
  });
  const recalls = [0, 1].filter((c) => total[c] > 0).map((c) => hit[c] / total[c]);
  return recalls.reduce((a, b) => a + b, 0) / recalls.length;
}

/**
 * Macro-F1 over the classes present in the reference: mean over classes c of
 * F1_c = 2·TP/(2·TP + FP + FN), 0 where undefined. Predictions that are not a
 * reference class (invalid outputs) are wrong for their item's class and add
 * no class of their own (sklearn's f1_score with labels = reference classes).
 * Labels compare by JSON text, so 1 and "1" differ.
 * @throws {RangeError} when there are no items.
 * @example macroF1Labels(['a', 'b', 'b'], ['a', 'a', 'b']) // (2/3 + 2/3)/2
 */
export function macroF1Labels(predictions: readonly unknown[], references: readonly unknown[]): number {
  if (references.length === 0) throw new RangeError('no items to score');
  const ref = references.map((r) => JSON.stringify(r));
  const pred = predictions.map((p) => JSON.stringify(p ?? null));
  const classes = [...new Set(ref)];
  let sum = 0;
  for (const c of classes) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    ref.forEach((r, i) => {
      if (pred[i] === c && r === c) tp++;
      else if (pred[i] === c) fp++;
      else if (r === c) fn++;
    });
    sum += tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  }
  return sum / classes.length;
}

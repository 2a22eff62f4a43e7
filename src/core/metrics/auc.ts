/**
 * Checks that every label is 0 or 1 and returns the number of 1s (FIT).
 * @throws {RangeError} for another label or when the lengths differ.
 */
export function countPositives(labels: ArrayLike<number>, scores: ArrayLike<number>): number {
  if (labels.length !== scores.length) {
    throw new RangeError(`labels and scores differ in length: ${labels.length} and ${scores.length}`);
  }
  let positives = 0;
  for (let i = 0; i < labels.length; i++) {
    const y = labels[i];
    if (y === 1) positives++;
    else if (y !== 0) throw new RangeError(`label must be 0 or 1, got ${y}`);
  }
  return positives;
}

/**
 * Area under the ROC curve by the Mann–Whitney statistic with mid-ranks
 * (METRICS.md §2): AUC = P(s⁺ > s⁻) + ½·P(s⁺ = s⁻) over all
 * positive–negative pairs, computed as (R₊ − n₊(n₊+1)/2) / (n₊·n₋) with R₊
 * the sum of the mid-ranks of the positives (as sklearn.metrics.roc_auc_score).
 * Labels are 0/1 (1 = FIT).
 *
 * Single-class (or empty) label sets: AUC is undefined and the result is NaN
 * (written as null in JSON); sklearn raises instead.
 * @throws {RangeError} for a label other than 0/1 or lengths that differ.
 * @example auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]) // 0.75
 */
export function auc(labels: ArrayLike<number>, scores: ArrayLike<number>): number {
  const positives = countPositives(labels, scores);
  const n = labels.length;
  const negatives = n - positives;
  if (positives === 0 || negatives === 0) return NaN;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => scores[a] - scores[b]);
  let rankSum = 0;
  for (let start = 0; start < n; ) {
    let end = start + 1;
    while (end < n && scores[order[end]] === scores[order[start]]) end++;
    const midRank = (start + 1 + end) / 2; // mean of ranks start+1 .. end
    for (let i = start; i < end; i++) if (labels[order[i]] === 1) rankSum += midRank;
    start = end;
  }
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

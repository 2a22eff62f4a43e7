import { countPositives } from './auc.ts';

/** The tuned decision threshold and the balanced accuracy it reaches on the tune split. */
export interface TunedThreshold {
  readonly threshold: number;
  readonly balancedAccuracy: number;
}

/**
 * Threshold tuning (METRICS.md §2): the candidates are the distinct scores of
 * the tune split; the chosen one maximises balanced accuracy with "predict 1
 * iff s ≥ t", the smallest on ties. Balanced accuracy is compared through the
 * integer tp·N + tn·P (= 2·P·N·BA), so ties are exact, not subject to rounding.
 * O(n log n): one sort, then a sweep from the smallest candidate up.
 *
 * undefined when the tune split lacks a class (balanced accuracy, and so the
 * choice, is then not meaningful).
 * @throws {RangeError} for a label other than 0/1 or lengths that differ.
 * @example tuneThreshold([0, 1, 0, 1], [1, 2, 3, 4]) // { threshold: 2, balancedAccuracy: 0.75 }
 */
export function tuneThreshold(labels: ArrayLike<number>, scores: ArrayLike<number>): TunedThreshold | undefined {
  const positives = countPositives(labels, scores);
  const n = labels.length;
  const negatives = n - positives;
  if (positives === 0 || negatives === 0) return undefined;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => scores[a] - scores[b]);
  let positivesBelow = 0;
  let negativesBelow = 0;
  let best = -1;
  let bestThreshold = NaN;
  for (let start = 0; start < n; ) {
    const t = scores[order[start]];
    const tp = positives - positivesBelow;
    const tn = negativesBelow;
    const criterion = tp * negatives + tn * positives;
    if (criterion > best) {
      best = criterion;
      bestThreshold = t;
    }
    while (start < n && scores[order[start]] === t) {
      if (labels[order[start]] === 1) positivesBelow++;
      else negativesBelow++;
      start++;
    }
  }
  return { threshold: bestThreshold, balancedAccuracy: best / (2 * positives * negatives) };
}

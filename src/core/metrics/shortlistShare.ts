/**
 * Membership of one run's top-k shortlist with shared ties (METRICS.md §5,
 * Disag@5).
 */

/**
 * h_i for every item of one pool in one run: 1 when the item is surely in the
 * top k, 0 when surely out, and (k − c)/m for each of the m items tied with
 * the k-th highest score, c the items scoring strictly above it. Identifiers
 * play no part: CVs tied at the k-th place share the remaining places.
 * When the pool has at most k items every h is 1.
 * @example shortlistShares([9, 8, 7, 6, 5, 5], 5) // [1, 1, 1, 1, 0.5, 0.5]
 */
export function shortlistShares(scores: ArrayLike<number>, k: number): Float64Array {
  const n = scores.length;
  const h = new Float64Array(n);
  if (n <= k) return h.fill(1);
  const sorted = Float64Array.from(scores).sort().reverse();
  const kth = sorted[k - 1];
  let above = 0;
  let tied = 0;
  for (let i = 0; i < n; i++) {
    if (scores[i] > kth) above++;
    else if (scores[i] === kth) tied++;
  }
  const share = (k - above) / tied;
  for (let i = 0; i < n; i++) h[i] = scores[i] > kth ? 1 : scores[i] === kth ? share : 0;
  return h;
}

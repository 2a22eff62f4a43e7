/**
 * Retrieval and ranking groups of the multi-task scoring (METRICS.md §9.6):
 * a group is one anchor with candidates; the prediction is a ranked list of
 * candidate identifiers.
 */

/**
 * Mean of Recall@3, Recall@10 and MRR@10 of one retrieval group. Every slot
 * of the predicted list counts: an identifier that is not relevant, unknown,
 * or a repeat of an earlier one occupies its slot with zero relevance.
 * Recall@k = |relevant ids in the first k slots| / |relevant|;
 * MRR@10 = 1 / slot of the first relevant id in the first 10, 0 if none.
 * @throws {RangeError} when the group has no relevant identifier.
 * @example retrievalGroupScore(['x', 'a', 'a', 'b'], ['a', 'b']) // (1/2 + 1 + 1/2)/3
 */
export function retrievalGroupScore(predicted: readonly string[], relevant: readonly string[]): number {
  const rel = new Set(relevant);
  if (rel.size === 0) throw new RangeError('retrieval group without a relevant identifier');
  const seen = new Set<string>();
  let found3 = 0;
  let found10 = 0;
  let rr = 0;
  for (let slot = 1; slot <= Math.min(10, predicted.length); slot++) {
    const id = predicted[slot - 1];
    const hit = rel.has(id) && !seen.has(id);
    seen.add(id);
    if (!hit) continue;
    if (slot <= 3) found3++;
    found10++;
    if (rr === 0) rr = 1 / slot;
  }
  return (found3 / rel.size + found10 / rel.size + rr) / 3;
}

/**
 * nDCG@5 of a ranking group with a single positive: 1/log2(r + 1) when the
 * positive is at slot r ≤ 5 (the ideal DCG is 1), else 0. A prediction that
 * is not a permutation of the candidates (missing, unknown or repeated ids)
 * scores 0.
 * @example rankingGroupScore(['b', 'a', 'c'], 'a', ['a', 'b', 'c']) // 1/log2(3)
 */
export function rankingGroupScore(predicted: readonly string[], positive: string, candidates: readonly string[]): number {
  if (!isPermutation(predicted, candidates)) return 0;
  const slot = predicted.indexOf(positive) + 1;
  return slot >= 1 && slot <= 5 ? 1 / Math.log2(slot + 1) : 0;
}

/** True when `predicted` holds each candidate exactly once and nothing else. */
export function isPermutation(predicted: readonly string[], candidates: readonly string[]): boolean {
  if (predicted.length !== candidates.length) return false;
  const want = new Set(candidates);
  const seen = new Set<string>();
  for (const id of predicted) {
    if (!want.has(id) || seen.has(id)) return false;
    seen.add(id);
  }
  return seen.size === want.size;
}

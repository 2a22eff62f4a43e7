/**
 * Permutation baselines of the §9 group metrics (METRICS.md §9.4): the exact
 * expected score of a uniformly random ordering of the candidates, in
 * closed form, and the input-order baseline. Scores are on [0, 1], as the
 * group kernels in core/metrics/groupRanking.ts.
 */

function checkSizes(n: number, relevant: number): void {
  if (!Number.isInteger(n) || !Number.isInteger(relevant) || relevant < 1 || relevant > n) {
    throw new RangeError(`need integers 1 <= relevant <= candidates, got ${relevant} of ${n}`);
  }
}

/**
 * E[nDCG@k] of a single positive among n candidates under a uniform random
 * permutation: the positive is at each slot with probability 1/n, so
 * E = (1/n) Σ_{r=1}^{min(k,n)} 1/log2(r + 1).
 * @throws {RangeError} when n < 1.
 * @example expectedNdcgSinglePositive(5, 5) // (1 + 0.631 + 0.5 + 0.431 + 0.387)/5
 */
export function expectedNdcgSinglePositive(n: number, k = 5): number {
  checkSizes(n, 1);
  let sum = 0;
  for (let r = 1; r <= Math.min(k, n); r++) sum += 1 / Math.log2(r + 1);
  return sum / n;
}

/**
 * E[Recall@k] with R relevant among n candidates: each relevant item is in
 * the first k slots with probability min(k, n)/n, so E = min(k, n)/n.
 * @example expectedRecallAtK(10, 2, 3) // 0.3
 */
export function expectedRecallAtK(n: number, relevant: number, k: number): number {
  checkSizes(n, relevant);
  return Math.min(k, n) / n;
}

/**
 * E[MRR@k] with R relevant among n candidates:
 * Σ_{r=1}^{min(k, n−R+1)} (1/r)·P(first relevant at r), where
 * P(first at r) = [Π_{j=0}^{r−2} (n−R−j)/(n−j)] · R/(n−r+1).
 * @example expectedMrrAtK(2, 1, 10) // (1 + 1/2)/2 = 0.75
 */
export function expectedMrrAtK(n: number, relevant: number, k: number): number {
  checkSizes(n, relevant);
  let noneBefore = 1; // P(no relevant item in slots 1..r−1)
  let sum = 0;
  for (let r = 1; r <= Math.min(k, n - relevant + 1); r++) {
    sum += (noneBefore * relevant) / (n - r + 1) / r;
    noneBefore *= (n - relevant - (r - 1)) / (n - (r - 1));
  }
  return sum;
}

/**
 * Expected retrieval-group score of a random permutation (the §9.6 mean of
 * Recall@3, Recall@10 and MRR@10), by linearity of expectation.
 */
export function expectedRetrievalGroupScore(n: number, relevant: number): number {
  return (expectedRecallAtK(n, relevant, 3) + expectedRecallAtK(n, relevant, 10) + expectedMrrAtK(n, relevant, 10)) / 3;
}

/** The input-order baseline: the candidates, ranked in the order given. */
export function inputOrderRanking(candidates: readonly string[]): string[] {
  return [...candidates];
}

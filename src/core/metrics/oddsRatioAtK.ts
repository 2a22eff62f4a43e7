/**
 * OddsRatio@k of one query (METRICS.md §3, "direction, top-k"): the odds that
 * the first group's member of a twin pair ranks in the top k when it stands
 * in the pool, against the odds of the second group's member, with the
 * Haldane–Anscombe correction (½ added to every cell, Haldane 1956):
 *
 *   OR = [(n_F + ½) / (n − n_F + ½)] / [(n_M + ½) / (n − n_M + ½)]
 *
 * n = pairs with a first-group member, n_F = those whose F member ranks ≤ k,
 * n_M = those whose M member ranks ≤ k. Above 1 favours the first group.
 * @returns undefined when n_F + n_M = 0 (no member of any pair reaches the
 *   top k: the query says nothing about top-k odds and is left out of the
 *   geometric mean over queries).
 * @throws {RangeError} when a count is negative, not an integer, or above n.
 * @example oddsRatioAtK(3, 1, 4) // (3.5/1.5) / (1.5/3.5) = 49/9
 */
export function oddsRatioAtK(nFirst: number, nSecond: number, n: number): number | undefined {
  for (const [name, v] of [['n_F', nFirst], ['n_M', nSecond]] as const) {
    if (!Number.isInteger(v) || v < 0 || v > n) throw new RangeError(`${name} must be an integer in [0, n = ${n}], got ${v}`);
  }
  if (nFirst + nSecond === 0) return undefined;
  return ((nFirst + 0.5) / (n - nFirst + 0.5)) * ((n - nSecond + 0.5) / (nSecond + 0.5));
}

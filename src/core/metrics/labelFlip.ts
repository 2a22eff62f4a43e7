/**
 * Label flips of one CV over repeated runs (METRICS.md §5).
 */

/**
 * Number of runs whose label differs from the CV's most frequent label,
 * with λ(s) = FIT iff s ≥ cutoff and a tie of the two labels resolved as FIT.
 * @example labelFlips([40, 60, 70], 50) // 1 (majority FIT, one NOT FIT)
 * @example labelFlips([40, 60], 50) // 1 (tie → FIT, the 40 flips)
 */
export function labelFlips(scores: ArrayLike<number>, cutoff: number): number {
  let fit = 0;
  for (let t = 0; t < scores.length; t++) if (scores[t] >= cutoff) fit++;
  const notFit = scores.length - fit;
  return fit >= notFit ? notFit : fit;
}

/**
 * Group exposure (Singh & Joachims, "Fairness of Exposure in Rankings", KDD 2018; METRICS.md
 * §12): the position-based exposure of rank r is v_r = 1 / log2(1 + r), DCG's discount.
 */

/**
 * v_r = 1 / log2(1 + r), the exposure of rank r (1-based).
 * @example exposureAt(1) // 1
 * @example exposureAt(3) // 0.5
 */
export function exposureAt(rank: number): number {
  return 1 / Math.log2(1 + rank);
}

/**
 * Exp_g = the mean of v_r over group g's documents in L (`sequence`, L's group indices in rank
 * order, unlabelled documents already dropped); 0 for a group of the pool absent from L
 * (Singh & Joachims' group exposure, an average over the group's members).
 * @example groupExposure(Uint16Array.of(0, 1, 0), 2) // [(1 + 0.5)/2, 1/log2(3)]
 */
export function groupExposure(sequence: Uint16Array, nGroups: number): Float64Array {
  const sum = new Float64Array(nGroups);
  const count = new Uint32Array(nGroups);
  for (let i = 0; i < sequence.length; i++) {
    sum[sequence[i]] += exposureAt(i + 1);
    count[sequence[i]]++;
  }
  return sum.map((s, g) => (count[g] > 0 ? s / count[g] : 0));
}

/**
 * min / max of positive-or-zero values: 1 = parity, 0 = some value is 0. undefined for fewer
 * than two values or a maximum of 0 (nothing to compare).
 * @example minMaxRatio([0.5, 1]) // 0.5
 */
export function minMaxRatio(values: ArrayLike<number>): number | undefined {
  if (values.length < 2) return undefined;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    min = Math.min(min, values[i]);
    max = Math.max(max, values[i]);
  }
  return max > 0 ? min / max : undefined;
}

/**
 * The exposure ratio min_g Exp_g / max_g Exp_g over the pool's groups (METRICS.md §12): 1 =
 * parity; 0 when a group of the pool is absent from L. undefined with fewer than two groups
 * or an empty L.
 * @example exposureRatio(Float64Array.of(0.75, 0.5)) // 2/3
 */
export function exposureRatio(exposure: Float64Array): number | undefined {
  return minMaxRatio(exposure);
}

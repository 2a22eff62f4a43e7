/**
 * Normalized discounted KL-divergence, NDKL (Geyik, Ambler & Kenthapadi, "Fairness-Aware Ranking
 * in Search & Recommendation Systems with Application to LinkedIn Talent Search", KDD 2019,
 * eq. 4); METRICS.md §12.
 */

/**
 * KL(P ‖ Q) = Σ_g P_g ln(P_g / Q_g) with 0 · ln 0 = 0 (a term with P_g = 0 adds nothing);
 * +Infinity when some P_g > 0 has Q_g = 0.
 * @example klDivergence([0.5, 0.5], [0.25, 0.75]) // 0.5 ln 2 + 0.5 ln(2/3) = 0.1438…
 */
export function klDivergence(p: ArrayLike<number>, q: ArrayLike<number>): number {
  let sum = 0;
  for (let g = 0; g < p.length; g++) if (p[g] > 0) sum += p[g] * Math.log(p[g] / q[g]);
  return sum;
}

/**
 * NDKL(L) = (1/Z) Σ_{i=1}^{|L|} (1 / log2(i + 1)) · KL(D_i ‖ t), Z = Σ_{i=1}^{|L|} 1 / log2(i + 1),
 * where D_i is the group distribution of L's top i. 0 when every prefix matches the target.
 * undefined for an empty L, or when a group of L has target share 0 (its KL is infinite: §12
 * skips the query).
 * @example ndkl(Uint16Array.of(0, 1), Float64Array.of(0.5, 0.5)) // (1 · ln 2 + 0) / (1 + 1/log2 3) = 0.4250…
 */
export function ndkl(sequence: Uint16Array, target: Float64Array): number | undefined {
  if (sequence.length === 0) return undefined;
  const counts = new Float64Array(target.length);
  const prefix = new Float64Array(target.length);
  let weighted = 0;
  let z = 0;
  for (let i = 0; i < sequence.length; i++) {
    counts[sequence[i]]++;
    for (let g = 0; g < counts.length; g++) prefix[g] = counts[g] / (i + 1);
    const w = 1 / Math.log2(i + 2);
    weighted += w * klDivergence(prefix, target);
    z += w;
  }
  return Number.isFinite(weighted) ? weighted / z : undefined;
}

/**
 * Attention-weighted rank fairness, AWRF (Sapiezynski, Zeng, Robertson, Mislove & Wilson,
 * "Quantifying the Impact of User Attention on Fair Group Representation in Ranked Lists", WWW
 * 2019 Companion), as the TREC 2021 Fair Ranking track computed it (its `metrics.py`: `discount`,
 * `qr_awrf`); METRICS.md §12.
 */

/**
 * The track's attention weight of rank r: w_r = 1 / log2(max(r, 2)) (ranks 1 and 2 both get 1).
 * @example attentionWeight(1) // 1
 * @example attentionWeight(4) // 0.5
 */
export function attentionWeight(rank: number): number {
  return 1 / Math.log2(Math.max(rank, 2));
}

/**
 * a_L = Σ_r w_r e_{g(d_r)} / Σ_r w_r over the first `depth` ranks of L (all of L by default):
 * the attention-weighted group distribution. Zeros for an empty L.
 * @example attentionDistribution(Uint16Array.of(0, 1, 1), 2) // [1/(2 + 1/log2 3), (1 + 1/log2 3)/(2 + 1/log2 3)]
 */
export function attentionDistribution(sequence: Uint16Array, nGroups: number, depth = sequence.length): Float64Array {
  const out = new Float64Array(nGroups);
  const n = Math.min(depth, sequence.length);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const w = attentionWeight(i + 1);
    out[sequence[i]] += w;
    total += w;
  }
  if (total > 0) for (let g = 0; g < nGroups; g++) out[g] /= total;
  return out;
}

/**
 * Jensen–Shannon divergence in natural logarithms: ½ KL(p ‖ m) + ½ KL(q ‖ m), m = (p + q)/2, with
 * 0 · ln 0 = 0 — the square of SciPy's `scipy.spatial.distance.jensenshannon(p, q)` (base e) for
 * distributions p and q. Between 0 and ln 2.
 * @example jensenShannonDivergence([1, 0], [0, 1]) // Math.LN2
 */
export function jensenShannonDivergence(p: ArrayLike<number>, q: ArrayLike<number>): number {
  let sum = 0;
  for (let g = 0; g < p.length; g++) {
    const m = (p[g] + q[g]) / 2;
    if (p[g] > 0) sum += p[g] * Math.log(p[g] / m);
    if (q[g] > 0) sum += q[g] * Math.log(q[g] / m);
  }
  return sum / 2;
}

/**
 * AWRF = 1 − JSD(a_L, t): 1 when the attention follows the target t exactly, 1 − ln 2 at worst.
 * @example awrf(Float64Array.of(1, 0), Float64Array.of(0.5, 0.5)) // 1 − 0.75·ln(4/3) = 0.78424…
 */
export function awrf(attention: ArrayLike<number>, target: ArrayLike<number>): number {
  return 1 - jensenShannonDivergence(attention, target);
}

import type { TopSlots } from './types.ts';

/**
 * Skew@k (Geyik, Ambler & Kenthapadi, KDD 2019, §3.1; METRICS.md §12), pooled over queries:
 * p_g@k = Σ_q c_g(q) / Σ_q min(k, |L_q|), the share of all top-k slots that group g holds, and
 * Skew_g@k = ln(p_g@k / t̄_g), t̄_g the mean of t_g over the same queries. 0 = parity.
 */

/**
 * One query's top-k slots: c_g = group g's documents among L's first k, and min(k, |L|).
 * @example topSlots(Uint16Array.of(0, 1, 1), 2, 2) // { k: 2, counts: [1, 1], size: 2 }
 */
export function topSlots(sequence: Uint16Array, nGroups: number, k: number): TopSlots {
  const counts = new Uint32Array(nGroups);
  const size = Math.min(k, sequence.length);
  for (let i = 0; i < size; i++) counts[sequence[i]]++;
  return { k, counts, size };
}

/**
 * The pooled Skew_g@k of every group from the sums over a set of queries: `slotSums[g]` = Σ_q
 * c_g(q), `slotTotal` = Σ_q min(k, |L_q|), `targetSums[g]` = Σ_q t_g(q), `nQueries` = |the set|.
 * Skew_g = ln((slotSums[g] / slotTotal) / (targetSums[g] / nQueries)). NaN — "absent, never a
 * number" — for a group holding no slot (its skew would be −∞), and for t̄_g = 0 or no slot at
 * all; the caller reports NaN as undefined.
 * @example pooledSkew(Float64Array.of(3, 1), 4, Float64Array.of(1, 1), 2) // [ln 1.5, ln 0.5]
 */
export function pooledSkew(slotSums: Float64Array, slotTotal: number, targetSums: Float64Array, nQueries: number): Float64Array {
  return slotSums.map((c, g) => (c > 0 && slotTotal > 0 && targetSums[g] > 0 ? Math.log(c / slotTotal / (targetSums[g] / nQueries)) : NaN));
}

/**
 * MinSkew and MaxSkew over the groups with a number (NaN entries left out); NaN when none has.
 * @example skewRange(Float64Array.of(0.4, NaN, -0.7)) // [-0.7, 0.4]
 */
export function skewRange(skew: Float64Array): [number, number] {
  let min = NaN;
  let max = NaN;
  for (const s of skew) {
    if (Number.isNaN(s)) continue;
    if (!(s >= min)) min = s;
    if (!(s <= max)) max = s;
  }
  return [min, max];
}

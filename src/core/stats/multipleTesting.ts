/**
 * Benjamini–Hochberg adjusted p-values (q-values) for one family of tests
 * (Benjamini & Hochberg 1995; as R's `p.adjust(p, "BH")`):
 * with p_(1) ≤ … ≤ p_(m) the sorted p-values,
 * q_(i) = min_{j ≥ i} min(1, m·p_(j) / j).
 * The result is monotone in p, capped at 1, and returned in input order.
 *
 * NaN p-values (an undefined test) stay NaN and are left out of m, as R does
 * with NA. An empty family gives an empty array.
 * @throws {RangeError} for a p-value outside [0, 1].
 * @example benjaminiHochberg([0.01, 0.04, 0.03]) // [0.03, 0.04, 0.04]
 */
export function benjaminiHochberg(p: readonly number[]): number[] {
  const q = new Array<number>(p.length).fill(NaN);
  const order: number[] = [];
  for (let i = 0; i < p.length; i++) {
    const v = p[i];
    if (Number.isNaN(v)) continue;
    if (!(v >= 0 && v <= 1)) throw new RangeError(`p-value must be in [0, 1], got ${v}`);
    order.push(i);
  }
  order.sort((a, b) => p[a] - p[b] || a - b);
  const m = order.length;
  let running = 1;
  for (let r = m - 1; r >= 0; r--) {
    const i = order[r];
    running = Math.min(running, (m * p[i]) / (r + 1));
    q[i] = running;
  }
  return q;
}

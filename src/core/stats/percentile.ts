/**
 * The p-th percentile of an ascending sorted sample, by linear interpolation
 * between order statistics — numpy's default (`method='linear'`, Hyndman &
 * Fan type 7): with h = (n − 1)·p/100, lo = ⌊h⌋ and t = h − lo,
 * P = x[lo] + t·(x[lo+1] − x[lo]). As numpy does, the interpolation is taken
 * from the upper neighbour when t ≥ 0.5 (x[lo+1] − (1 − t)·(x[lo+1] − x[lo])),
 * so results agree with `np.percentile` to the last bit in ordinary cases.
 *
 * Edge cases: an empty sample gives NaN; one value gives that value.
 * The input is trusted to be sorted ascending (it is not checked).
 * @throws {RangeError} when p is not in [0, 100].
 * @example percentile([1, 2, 3, 4], 50) // 2.5
 */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile p must be in [0, 100], got ${p}`);
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * (p / 100);
  const lo = Math.floor(h);
  if (lo >= n - 1) return sorted[n - 1];
  const t = h - lo;
  const a = sorted[lo];
  const b = sorted[lo + 1];
  const diff = b - a;
  return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
}

/**
 * The growth exponent of the scale benches: the least-squares slope of
 * log(y) on log(n) (1 = linear, 2 = quadratic), over the points with y > 0;
 * NaN with fewer than two.
 * @example growthExponent([[1000, 2], [10000, 20]]) // 1
 */
export function growthExponent(points: readonly (readonly [number, number])[]): number {
  const pts = points.filter(([, y]) => y > 0).map(([x, y]) => [Math.log(x), Math.log(y)] as const);
  if (pts.length < 2) return NaN;
  const mx = pts.reduce((a, p) => a + p[0], 0) / pts.length;
  const my = pts.reduce((a, p) => a + p[1], 0) / pts.length;
  let num = 0;
  let den = 0;
  for (const [x, y] of pts) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return num / den;
}

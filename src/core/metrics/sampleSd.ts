/**
 * Sample standard deviation √(Σ(x − x̄)² / (n − 1)) (numpy `std(ddof=1)`).
 * @returns undefined when n < 2
 * @example sampleSd([2, 4, 4, 4, 5, 5, 7, 9]) // 2.138089935299395
 */
export function sampleSd(x: ArrayLike<number>): number | undefined {
  const n = x.length;
  if (n < 2) return undefined;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += x[i];
  mean /= n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (x[i] - mean) ** 2;
  return Math.sqrt(ss / (n - 1));
}

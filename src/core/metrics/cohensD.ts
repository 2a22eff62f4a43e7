import { sampleSd } from './sampleSd.ts';

/**
 * Cohen's d of paired differences (METRICS.md §3, "direction, scores"): the
 * mean of the differences divided by their sample standard deviation,
 * d = mean(x) / sd(x), sd with n − 1 (numpy `std(ddof=1)`; Cohen 1988, the
 * "d_z" of paired samples). In the twins audit x holds s(F) − s(M) per pair,
 * F the first group's member, so d > 0 means the first group scores higher.
 * @returns undefined when n < 2 or the differences are all equal (sd = 0):
 *   a pair set whose twins score exactly alike has no standardised effect.
 * @example cohensD([1, 2, 3]) // 2 (mean 2, sd 1)
 */
export function cohensD(differences: ArrayLike<number>): number | undefined {
  const sd = sampleSd(differences);
  if (sd === undefined || sd === 0 || Number.isNaN(sd)) return undefined;
  let sum = 0;
  for (let i = 0; i < differences.length; i++) sum += differences[i];
  return sum / differences.length / sd;
}

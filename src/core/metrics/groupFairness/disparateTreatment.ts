import { gainOf } from '../retrievalKernel.ts';

/**
 * Disparate treatment ratio (Singh & Joachims, KDD 2018, §4.2, "exposure proportional to
 * relevance"; METRICS.md §12): U_g = the mean relevance grade of group g's documents in L
 * (unjudged = 0, negative grades — trec_eval's judged non-relevant — count 0, as in nDCG's linear
 * gain), and the ratio of the smallest to the largest Exp_g / U_g over the groups of L with
 * U_g > 0. 1 = every group's exposure is proportional to its relevance.
 *
 * `grades[i]` is the grade of L's document at rank i + 1. undefined when fewer than two groups
 * have U_g > 0 (§12 skips the query).
 * @example disparateTreatment(Uint16Array.of(0, 1), Float64Array.of(1, 1), Float64Array.of(1, 1 / Math.log2(3)), 2) // 0.6309… (= 1/log2 3)
 */
export function disparateTreatment(sequence: Uint16Array, grades: Float64Array, exposure: Float64Array, nGroups: number): number | undefined {
  const gradeSum = new Float64Array(nGroups);
  const count = new Uint32Array(nGroups);
  for (let i = 0; i < sequence.length; i++) {
    gradeSum[sequence[i]] += gainOf(grades[i], 'linear');
    count[sequence[i]]++;
  }
  let min = Infinity;
  let max = -Infinity;
  let groups = 0;
  for (let g = 0; g < nGroups; g++) {
    if (!(gradeSum[g] > 0)) continue;
    const perRelevance = exposure[g] / (gradeSum[g] / count[g]);
    min = Math.min(min, perRelevance);
    max = Math.max(max, perRelevance);
    groups++;
  }
  return groups >= 2 ? min / max : undefined;
}

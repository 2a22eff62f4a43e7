/**
 * Rates and disparities of one grouping from its category counts (METRICS.md §10), as a flat
 * vector so that a bootstrap can resample all of them at once. NaN marks a number the sample
 * does not define (the stats helpers skip it); the audit's result reports it as missing.
 */
import { COUNTS_PER_CATEGORY } from './categoryCounts.ts';

/** Numbers per category in the vector: selection rate, impact ratio, TPR, FPR. */
export const STATISTICS_PER_CATEGORY = 4;
/** Numbers per grouping after its categories: demographic-parity difference and ratio, equal-opportunity and equalised-odds differences. */
export const GROUPING_STATISTICS = 4;

/** The length of a grouping's vector. */
export function groupingVectorLength(categories: number): number {
  return categories * STATISTICS_PER_CATEGORY + GROUPING_STATISTICS;
}

/** max − min and min / max of the defined values among the compared categories; NaN with fewer than two. */
function spread(values: Float64Array, compared: readonly boolean[]): { difference: number; ratio: number; max: number; defined: number } {
  let max = -Infinity;
  let min = Infinity;
  let defined = 0;
  for (let j = 0; j < values.length; j++) {
    const v = values[j];
    if (!compared[j] || Number.isNaN(v)) continue;
    defined++;
    if (v > max) max = v;
    if (v < min) min = v;
  }
  if (defined === 0) return { difference: NaN, ratio: NaN, max: NaN, defined };
  return { difference: defined < 2 ? NaN : max - min, ratio: defined < 2 || max === 0 ? NaN : min / max, max, defined };
}

/**
 * Writes into `out` (length groupingVectorLength(k)) for each category j: SR_j = selected / n;
 * impact ratio IR_j = SR_j / max_h SR_h, the max over the compared categories — one compared
 * category is enough: its own ratio is 1 (NaN when the max is 0 or no compared category has rows);
 * TPR_j = selected positives / positives; FPR_j = selected negatives / negatives. Then, over the
 * compared categories with a defined value: the demographic-parity difference max SR − min SR and
 * ratio min SR / max SR, the equal-opportunity difference max TPR − min TPR, and the
 * equalised-odds difference max(TPR difference, FPR difference). A category absent from the
 * sample (n = 0) has NaN rates and takes no part; a disparity needs two categories.
 * `compared[j]` false leaves category j out of the max, the min and the disparities (a small
 * category the auditor excludes) while still giving its own rates and impact ratio.
 */
export function groupingStatistics(counts: Float64Array, compared: readonly boolean[], out: Float64Array): void {
  const k = counts.length / COUNTS_PER_CATEGORY;
  const rate = new Float64Array(k);
  const tpr = new Float64Array(k);
  const fpr = new Float64Array(k);
  for (let j = 0; j < k; j++) {
    const at = j * COUNTS_PER_CATEGORY;
    rate[j] = counts[at] === 0 ? NaN : counts[at + 1] / counts[at];
    tpr[j] = counts[at + 2] === 0 ? NaN : counts[at + 3] / counts[at + 2];
    fpr[j] = counts[at + 4] === 0 ? NaN : counts[at + 5] / counts[at + 4];
  }
  const sr = spread(rate, compared);
  const tp = spread(tpr, compared);
  const fp = spread(fpr, compared);
  for (let j = 0; j < k; j++) {
    const at = j * STATISTICS_PER_CATEGORY;
    out[at] = rate[j];
    // An impact ratio is a category's rate over the highest compared rate (NYC LL144 §5-300;
    // Fairlearn's ratio to the max): with one compared category (the others excluded as small,
    // or absent from a resample) that one is the highest, 1.0, and an excluded category's ratio
    // is its rate over the compared one's. NaN only when no compared category has rows or all
    // select no one.
    out[at + 1] = sr.defined >= 1 && sr.max > 0 ? rate[j] / sr.max : NaN;
    out[at + 2] = tpr[j];
    out[at + 3] = fpr[j];
  }
  const at = k * STATISTICS_PER_CATEGORY;
  out[at] = sr.difference;
  out[at + 1] = sr.ratio;
  out[at + 2] = tp.difference;
  out[at + 3] = Number.isNaN(tp.difference) || Number.isNaN(fp.difference) ? NaN : Math.max(tp.difference, fp.difference);
}

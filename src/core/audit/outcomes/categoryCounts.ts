/**
 * The kernel of the group-outcome audit: per-category counts of one sample (the full table, or
 * one bootstrap resample of its rows).
 */
import type { Grouping } from './groupings.ts';

/** Numbers per category in a counts array: n, selected, positives, selected positives, negatives, selected negatives. */
export const COUNTS_PER_CATEGORY = 6;

/**
 * Counts, for every category of `grouping`, the sample's rows (`rows`, with repetition), how
 * many were selected (y = 1), and with labels the positives (label 1) and negatives (label 0)
 * and how many of each were selected. Category j's numbers are at j·6 … j·6 + 5.
 * @example countCategories(grouping, y, undefined, Uint32Array.of(0, 0, 1)) // row 0 counted twice
 */
export function countCategories(grouping: Grouping, y: Uint8Array, labels: Uint8Array | undefined, rows: Uint32Array): Float64Array {
  const counts = new Float64Array(grouping.categories.length * COUNTS_PER_CATEGORY);
  const category = grouping.category;
  for (let j = 0; j < rows.length; j++) {
    const r = rows[j];
    const at = category[r] * COUNTS_PER_CATEGORY;
    const s = y[r];
    counts[at] += 1;
    counts[at + 1] += s;
    if (labels) {
      const off = labels[r] === 1 ? 2 : 4;
      counts[at + off] += 1;
      counts[at + off + 1] += s;
    }
  }
  return counts;
}

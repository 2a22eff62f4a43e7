/**
 * The median of `values` at the given indices (with repetition): the middle value of the sorted
 * sample, or the mean of the two middle values when the sample is even — numpy's `median`.
 * NaN when there are no indices (the stats helpers' sentinel; the audit reports it as missing).
 * @example medianAt([5, 1, 3, 9], Uint32Array.of(0, 1, 2, 3)) // 4
 */
export function medianAt(values: ArrayLike<number>, indices: ArrayLike<number>): number {
  const m = indices.length;
  if (m === 0) return NaN;
  const sample = new Float64Array(m);
  for (let j = 0; j < m; j++) sample[j] = values[indices[j]];
  sample.sort();
  const mid = m >> 1;
  return m % 2 === 1 ? sample[mid] : (sample[mid - 1] + sample[mid]) / 2;
}

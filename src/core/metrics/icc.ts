/**
 * ICC(2,1): two-way random effects, absolute agreement, single rater
 * (Shrout & Fleiss 1979; McGraw & Wong 1996 "ICC(A,1)"), METRICS.md §5.
 * Targets (CVs) are rows, raters (runs) are columns.
 */

/**
 * ICC(2,1) = (MSR − MSE) / (MSR + (k−1)·MSE + k·(MSC − MSE)/n), from the
 * two-way ANOVA without replication: MSR = SSR/(n−1) between targets,
 * MSC = SSC/(k−1) between raters, MSE = (SST − SSR − SSC)/((n−1)(k−1)).
 *
 * @param scores row-major n_all × k matrix (row i = target i's k ratings)
 * @param k raters (columns)
 * @param rows the targets to use, with repetition (all rows when omitted), so
 *   a bootstrap over targets can pass its resample
 * @returns undefined when n < 2, k < 2, or the denominator is 0 (every score equal)
 * @example icc21([1, 1, 2, 2, 3, 3], 2) // 1 (identical runs)
 */
export function icc21(scores: ArrayLike<number>, k: number, rows?: ArrayLike<number>): number | undefined {
  const total = Math.floor(scores.length / k);
  const n = rows ? rows.length : total;
  if (n < 2 || k < 2) return undefined;
  const row = (j: number) => (rows ? rows[j] : j);
  let grand = 0;
  const colMean = new Float64Array(k);
  const rowMean = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const base = row(j) * k;
    let s = 0;
    for (let t = 0; t < k; t++) {
      const v = scores[base + t];
      s += v;
      colMean[t] += v;
    }
    rowMean[j] = s / k;
    grand += s;
  }
  grand /= n * k;
  for (let t = 0; t < k; t++) colMean[t] /= n;
  let ssr = 0;
  for (let j = 0; j < n; j++) ssr += (rowMean[j] - grand) ** 2;
  ssr *= k;
  let ssc = 0;
  for (let t = 0; t < k; t++) ssc += (colMean[t] - grand) ** 2;
  ssc *= n;
  // SSE summed directly as the interaction residual, which avoids the
  // cancellation of SST − SSR − SSC when runs are (nearly) identical.
  let sse = 0;
  for (let j = 0; j < n; j++) {
    const base = row(j) * k;
    for (let t = 0; t < k; t++) sse += (scores[base + t] - rowMean[j] - colMean[t] + grand) ** 2;
  }
  const msr = ssr / (n - 1);
  const msc = ssc / (k - 1);
  const mse = sse / ((n - 1) * (k - 1));
  const denominator = msr + (k - 1) * mse + (k * (msc - mse)) / n;
  return denominator === 0 ? undefined : (msr - mse) / denominator;
}

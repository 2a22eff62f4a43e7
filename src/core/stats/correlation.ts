/**
 * Correlation coefficients between two paired samples of equal length.
 * Both return `undefined` where the coefficient is undefined (fewer than two
 * pairs, or a constant sample), so callers can average "over the queries
 * where they are defined" (METRICS.md §3). A NaN anywhere gives NaN.
 */

function checkLengths(x: ArrayLike<number>, y: ArrayLike<number>): number {
  if (x.length !== y.length) throw new RangeError(`paired samples differ in length: ${x.length} and ${y.length}`);
  return x.length;
}

function hasNaN(x: ArrayLike<number>): boolean {
  for (let i = 0; i < x.length; i++) if (Number.isNaN(x[i])) return true;
  return false;
}

function isConstant(x: ArrayLike<number>): boolean {
  for (let i = 1; i < x.length; i++) if (x[i] !== x[0]) return false;
  return true;
}

/**
 * Pearson's product-moment correlation,
 * r = Σ(x−x̄)(y−ȳ) / √(Σ(x−x̄)² · Σ(y−ȳ)²), clipped to [−1, 1]
 * (as scipy.stats.pearsonr).
 * undefined when n < 2 or either sample is constant (zero variance).
 * @throws {RangeError} when the lengths differ.
 * @example pearson([1, 2, 3], [2, 4, 7]) // 0.9933992677987828
 */
export function pearson(x: ArrayLike<number>, y: ArrayLike<number>): number | undefined {
  const n = checkLengths(x, y);
  if (n < 2) return undefined;
  if (hasNaN(x) || hasNaN(y)) return NaN;
  if (isConstant(x) || isConstant(y)) return undefined;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i];
    my += y[i];
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i] - mx;
    const dy = y[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  const r = sxy / (Math.sqrt(sxx) * Math.sqrt(syy));
  return Math.max(-1, Math.min(1, r));
}

/** Σ t(t−1)/2 over the runs of equal adjacent values of `values` read in `order`. */
function tiedPairs(values: ArrayLike<number>, order: ArrayLike<number>, alsoEqual?: ArrayLike<number>): number {
  let pairs = 0;
  let run = 1;
  for (let i = 1; i <= order.length; i++) {
    const same =
      i < order.length &&
      values[order[i]] === values[order[i - 1]] &&
      (alsoEqual === undefined || alsoEqual[order[i]] === alsoEqual[order[i - 1]]);
    if (same) {
      run++;
    } else {
      pairs += (run * (run - 1)) / 2;
      run = 1;
    }
  }
  return pairs;
}

/**
 * Sorts `a` ascending in place (bottom-up merge sort, stable) and returns the
 * number of inversions: pairs i < j with a[i] > a[j] strictly.
 */
function sortCountingInversions(a: Float64Array<ArrayBuffer>): number {
  const n = a.length;
  let src: Float64Array<ArrayBuffer> = a;
  let dst: Float64Array<ArrayBuffer> = new Float64Array(n);
  let inversions = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        if (src[i] <= src[j]) {
          dst[k++] = src[i++];
        } else {
          inversions += mid - i;
          dst[k++] = src[j++];
        }
      }
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
    }
    [src, dst] = [dst, src];
  }
  if (src !== a) a.set(src);
  return inversions;
}

/**
 * Kendall's τ-b with the tie correction, as scipy.stats.kendalltau
 * (variant 'b'):
 * τ_b = (n₀ − n₁ − n₂ + n₃ − 2·D) / √((n₀ − n₁)(n₀ − n₂)),
 * n₀ = n(n−1)/2, n₁ / n₂ the pairs tied in x / in y, n₃ the pairs tied in
 * both, D the discordant pairs. O(n log n) by Knight's (1966) algorithm:
 * sort by (x, y), then count D as the inversions of y in that order with a
 * merge sort. The result is clipped to [−1, 1].
 * undefined when n < 2 or either sample is constant (every pair tied).
 * @throws {RangeError} when the lengths differ.
 * @example kendallTauB([1, 2, 3], [1, 3, 2]) // 1/3
 */
export function kendallTauB(x: ArrayLike<number>, y: ArrayLike<number>): number | undefined {
  const n = checkLengths(x, y);
  if (n < 2) return undefined;
  if (hasNaN(x) || hasNaN(y)) return NaN;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => x[a] - x[b] || y[a] - y[b]);
  const total = (n * (n - 1)) / 2;
  const xTies = tiedPairs(x, order);
  const jointTies = tiedPairs(x, order, y);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) ys[i] = y[order[i]];
  const discordant = sortCountingInversions(ys);
  const identity = new Uint32Array(n);
  for (let i = 0; i < n; i++) identity[i] = i;
  const yTies = tiedPairs(ys, identity);
  if (xTies === total || yTies === total) return undefined;
  const tau = (total - xTies - yTies + jointTies - 2 * discordant) / Math.sqrt(total - xTies) / Math.sqrt(total - yTies);
  return Math.max(-1, Math.min(1, tau));
}

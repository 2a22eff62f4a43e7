/**
 * Correlation coefficients between two paired samples of equal length.
 * Both return `undefined` where the coefficient is undefined (fewer than two
 * pairs, or a constant sample), so callers can average "over the queries
 * where they are defined" (METRICS.md §3). A NaN anywhere gives NaN.
 */
import { scratchArray } from '../scratch.ts';

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

/**
 * Number of pairs tied within runs of equal adjacent values: Σ t(t−1)/2 (with `alsoEqual`, runs
 * where both arrays repeat).
 * @example tiedRuns(Float64Array.of(3, 3, 2, 2, 2)) // 4
 */
export function tiedRuns(values: Float64Array, alsoEqual?: Float64Array): number {
  let pairs = 0;
  let run = 1;
  for (let i = 1; i <= values.length; i++) {
    const same = i < values.length && values[i] === values[i - 1] && (alsoEqual === undefined || alsoEqual[i] === alsoEqual[i - 1]);
    if (same) {
      run++;
    } else {
      pairs += (run * (run - 1)) / 2;
      run = 1;
    }
  }
  return pairs;
}

/** Insertion-sorted block length of the merge sorts below. */
const RUN = 16;

/** The merge sorts' second buffers, reused (core/scratch.ts): each pass writes what the next reads. */
const scratchMergeX = scratchArray((n) => new Float64Array(n));
const scratchMergeY = scratchArray((n) => new Float64Array(n));
const scratchMergeInversions = scratchArray((n) => new Float64Array(n));

/**
 * Sorts the pairs (x[i], y[i]) in place ascending by x, then y. Bottom-up
 * merge sort over insertion-sorted blocks of RUN pairs, on the two typed
 * arrays themselves; halves already in order are copied without comparisons,
 * so presorted x (the twins kernel passes x ascending) costs O(n)
 * comparisons. Faster than sorting an index array with a comparator
 * (no call and no indirection per comparison), and τ-b only needs the sorted
 * values, not the permutation.
 */
function sortPairs(x: Float64Array, y: Float64Array): void {
  const n = x.length;
  for (let lo = 0; lo < n; lo += RUN) {
    const hi = Math.min(lo + RUN, n);
    for (let i = lo + 1; i < hi; i++) {
      const xi = x[i];
      const yi = y[i];
      let j = i - 1;
      while (j >= lo && (xi < x[j] || (xi === x[j] && yi < y[j]))) {
        x[j + 1] = x[j];
        y[j + 1] = y[j];
        j--;
      }
      x[j + 1] = xi;
      y[j + 1] = yi;
    }
  }
  if (n <= RUN) return;
  let xSrc = x;
  let ySrc = y;
  let xDst: Float64Array = scratchMergeX(n);
  let yDst: Float64Array = scratchMergeY(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let o = lo;
      const inOrder = mid >= hi || !(xSrc[mid] < xSrc[mid - 1] || (xSrc[mid] === xSrc[mid - 1] && ySrc[mid] < ySrc[mid - 1]));
      while (!inOrder && i < mid && j < hi) {
        const xj = xSrc[j];
        const xi = xSrc[i];
        if (xj < xi || (xj === xi && ySrc[j] < ySrc[i])) {
          xDst[o] = xj;
          yDst[o++] = ySrc[j++];
        } else {
          xDst[o] = xi;
          yDst[o++] = ySrc[i++];
        }
      }
      for (; i < mid; i++, o++) {
        xDst[o] = xSrc[i];
        yDst[o] = ySrc[i];
      }
      for (; j < hi; j++, o++) {
        xDst[o] = xSrc[j];
        yDst[o] = ySrc[j];
      }
    }
    [xSrc, xDst] = [xDst, xSrc];
    [ySrc, yDst] = [yDst, ySrc];
  }
  if (xSrc !== x) {
    x.set(xSrc);
    y.set(ySrc);
  }
}

/**
 * Sorts `a` ascending in place (stable merge sort) and returns the number of
 * inversions: pairs i < j with a[i] > a[j] strictly. Blocks of RUN values are
 * insertion-sorted first (each shift undoes exactly one inversion, so the
 * shifts are counted), which saves the four narrowest merge passes; halves
 * already in order are copied without comparisons.
 */
function sortCountingInversions(a: Float64Array): number {
  const n = a.length;
  let inversions = 0;
  for (let lo = 0; lo < n; lo += RUN) {
    const hi = Math.min(lo + RUN, n);
    for (let i = lo + 1; i < hi; i++) {
      const v = a[i];
      let j = i - 1;
      while (j >= lo && a[j] > v) {
        a[j + 1] = a[j];
        j--;
      }
      inversions += i - 1 - j;
      a[j + 1] = v;
    }
  }
  if (n <= RUN) return inversions;
  let src: Float64Array = a;
  let dst: Float64Array = scratchMergeInversions(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      if (mid >= hi || src[mid - 1] <= src[mid]) {
        dst.set(src.subarray(lo, hi), lo);
        continue;
      }
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
 * The pair counts Kendall's τ-b is made of, over n paired values: n₀ =
 * n(n−1)/2 pairs, n₁ / n₂ tied in x / in y, n₃ tied in both, D discordant
 * ((xᵢ − xⱼ)(yᵢ − yⱼ) < 0). Integers, so counts of disjoint sets of pairs add
 * exactly (metrics/twinWorldTau.ts adds them up without the O(n log n) sort).
 */
export interface KendallCounts {
  readonly total: number;
  readonly xTies: number;
  readonly yTies: number;
  readonly jointTies: number;
  readonly discordant: number;
}

/**
 * KendallCounts of finite paired samples, O(n log n) by Knight's (1966)
 * algorithm: sort by (x, y), then count D as the inversions of y in that
 * order with a merge sort.
 * @throws {RangeError} when the lengths differ.
 */
export function kendallCounts(x: ArrayLike<number>, y: ArrayLike<number>): KendallCounts {
  checkLengths(x, y);
  return kendallCountsInPlace(Float64Array.from(x), Float64Array.from(y));
}

/**
 * kendallCounts of `xs` and `ys` themselves, which it sorts (a caller that made them for the
 * call, as metrics/twinWorldTau.ts does, saves kendallCounts' two copies).
 * @throws {RangeError} when the lengths differ.
 */
export function kendallCountsInPlace(xs: Float64Array, ys: Float64Array): KendallCounts {
  const n = checkLengths(xs, ys);
  // Every count below depends only on the multiset of (x, y) pairs in
  // (x, y) order, so sorting the values themselves gives exactly the counts
  // of the former index sort.
  sortPairs(xs, ys);
  const total = (n * (n - 1)) / 2;
  const xTies = tiedRuns(xs);
  const jointTies = tiedRuns(xs, ys);
  const discordant = sortCountingInversions(ys);
  const yTies = tiedRuns(ys);
  return { total, xTies, yTies, jointTies, discordant };
}

/**
 * τ-b from its counts: (n₀ − n₁ − n₂ + n₃ − 2·D) / √((n₀ − n₁)(n₀ − n₂)),
 * clipped to [−1, 1]; undefined when either sample is constant (every pair
 * tied) or there is no pair.
 */
export function tauFromCounts(c: KendallCounts): number | undefined {
  const { total, xTies, yTies, jointTies, discordant } = c;
  if (total === 0 || xTies === total || yTies === total) return undefined;
  const tau = (total - xTies - yTies + jointTies - 2 * discordant) / Math.sqrt(total - xTies) / Math.sqrt(total - yTies);
  return Math.max(-1, Math.min(1, tau));
}

/**
 * Kendall's τ-b with the tie correction, as scipy.stats.kendalltau
 * (variant 'b'):
 * τ_b = (n₀ − n₁ − n₂ + n₃ − 2·D) / √((n₀ − n₁)(n₀ − n₂)),
 * n₀ = n(n−1)/2, n₁ / n₂ the pairs tied in x / in y, n₃ the pairs tied in
 * both, D the discordant pairs (kendallCounts, O(n log n)). The result is
 * clipped to [−1, 1].
 * undefined when n < 2 or either sample is constant (every pair tied).
 * @throws {RangeError} when the lengths differ.
 * @example kendallTauB([1, 2, 3], [1, 3, 2]) // 1/3
 */
export function kendallTauB(x: ArrayLike<number>, y: ArrayLike<number>): number | undefined {
  const n = checkLengths(x, y);
  if (n < 2) return undefined;
  if (hasNaN(x) || hasNaN(y)) return NaN;
  return tauFromCounts(kendallCounts(x, y));
}

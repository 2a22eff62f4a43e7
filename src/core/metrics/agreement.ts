/**
 * Label agreement of two annotators on the same items (METRICS.md §11): the kernels that score one
 * annotator pair. `a[i]` and `b[i]` are the two grades of item i (aligned arrays of equal length).
 * One rule for missing data: a statistic that is not defined (no items; κ whose expected
 * disagreement is 0) is `undefined`.
 */

/** How κ weighs a disagreement between categories i and j (their positions in the sorted categories). */
export type KappaWeights = 'none' | 'quadratic';

function checkAligned(a: ArrayLike<number>, b: ArrayLike<number>): void {
  if (a.length !== b.length) throw new RangeError(`the two label arrays differ in length: ${a.length} and ${b.length}`);
}

/**
 * Cohen's κ (Cohen 1960; weighted, Cohen 1968) of two aligned label arrays:
 * κ = 1 − Σ w_ij O_ij / Σ w_ij E_ij, O the observed joint distribution of (a, b), E the product of
 * its marginals (what chance alone would give), over the sorted union of the labels both arrays
 * use (as scikit-learn's `cohen_kappa_score` without `labels`). Weights: `'none'`, w_ij = 1 for
 * i ≠ j; `'quadratic'`, w_ij = (i − j)² / (k − 1)², i and j the categories' positions among the k
 * categories (so labels 1, 2, 5 are three consecutive categories — the position, not the value,
 * sets the distance, as scikit-learn does).
 * @returns undefined when there are no items or the expected disagreement is 0 (both annotators
 *   give one and the same label throughout: chance agreement is already perfect).
 * @throws {RangeError} when the arrays differ in length.
 * @example cohenKappa([1, 2, 3, 3], [1, 2, 3, 2], 'quadratic') // 0.8
 */
export function cohenKappa(a: ArrayLike<number>, b: ArrayLike<number>, weights: KappaWeights): number | undefined {
  checkAligned(a, b);
  const n = a.length;
  if (n === 0) return undefined;
  const categories = [...new Set([...Array.from(a), ...Array.from(b)])].sort((x, y) => x - y);
  const k = categories.length;
  const index = new Map(categories.map((c, i) => [c, i]));
  const observed = new Float64Array(k * k);
  const rows = new Float64Array(k);
  const cols = new Float64Array(k);
  for (let t = 0; t < n; t++) {
    const i = index.get(a[t])!;
    const j = index.get(b[t])!;
    observed[i * k + j] += 1;
    rows[i] += 1;
    cols[j] += 1;
  }
  let disagreement = 0;
  let expected = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      if (i === j) continue;
      const w = weights === 'none' ? 1 : ((i - j) * (i - j)) / ((k - 1) * (k - 1));
      disagreement += (w * observed[i * k + j]) / n;
      expected += (w * rows[i] * cols[j]) / (n * n);
    }
  }
  return expected === 0 ? undefined : 1 - disagreement / expected;
}

/**
 * Binarised κ at τ: unweighted Cohen's κ of (a ≥ τ) against (b ≥ τ).
 * @returns undefined as `cohenKappa` (no items, or both sides put every item on one side of τ).
 * @throws {RangeError} when the arrays differ in length.
 * @example binaryKappa([1, 3, 4, 2], [2, 3, 1, 1], 3) // 0.5
 */
export function binaryKappa(a: ArrayLike<number>, b: ArrayLike<number>, threshold: number): number | undefined {
  checkAligned(a, b);
  const side = (x: ArrayLike<number>) => Array.from(x, (v) => (v >= threshold ? 1 : 0));
  return cohenKappa(side(a), side(b), 'none');
}

/** The share of items on which `agree(a[i], b[i])` holds; undefined without items. */
function share(a: ArrayLike<number>, b: ArrayLike<number>, agree: (x: number, y: number) => boolean): number | undefined {
  checkAligned(a, b);
  if (a.length === 0) return undefined;
  let hits = 0;
  for (let i = 0; i < a.length; i++) if (agree(a[i], b[i])) hits++;
  return hits / a.length;
}

/**
 * Fuzzy agreement: the share of items whose two grades differ by at most one level, |a − b| ≤ 1
 * (grades are integers on the dataset's scale; the difference is of values, not positions).
 * @returns undefined without items.
 * @throws {RangeError} when the arrays differ in length.
 * @example fuzzyAgreement([1, 2, 5], [2, 2, 3]) // 2 / 3
 */
export function fuzzyAgreement(a: ArrayLike<number>, b: ArrayLike<number>): number | undefined {
  return share(a, b, (x, y) => Math.abs(x - y) <= 1);
}

/**
 * Relevant agreement: the share of items both annotators put on the same side of τ
 * (both ≥ τ, or both < τ).
 * @returns undefined without items.
 * @throws {RangeError} when the arrays differ in length.
 * @example relevantAgreement([1, 3, 4, 2], [2, 3, 1, 1], 3) // 0.75
 */
export function relevantAgreement(a: ArrayLike<number>, b: ArrayLike<number>, threshold: number): number | undefined {
  return share(a, b, (x, y) => x >= threshold === y >= threshold);
}

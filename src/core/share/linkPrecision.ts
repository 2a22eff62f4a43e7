/**
 * The precision of the numbers a link carries. A double written by JSON.stringify has up to 17
 * significant digits, of which the views, the report and the CLI's tables show at most five (a
 * statistic to three decimals, a rate as a percentage to two); the rest is noise that made the
 * demo's link 35 KB (BENCHMARKS.md "Permalink size"). A link keeps six significant digits: one
 * more than any view shows, so the shared page shows the digits of the page it was made on — but
 * for a number that lies within a millionth of a rounding boundary (about one number in 10,000),
 * whose last shown digit can differ by one. Integers (counts, seeds, k) are kept as they are.
 * Rounding is monotone, so a mean stays inside its CI and a bound keeps its order. Re-run compares
 * a link with its recomputation at the same precision (docs/permalinks.md).
 */

/** Significant digits a link keeps of a non-integer number. */
export const LINK_SIGNIFICANT_DIGITS = 6;

/**
 * A number as a link carries it: integers as they are, others to LINK_SIGNIFICANT_DIGITS
 * significant digits (as `toPrecision`); -0 is written 0.
 * @example linkNumber(0.41591141614) // 0.415911
 * @example linkNumber(46.6879761904762) // 46.688
 */
export function linkNumber(x: number): number {
  if (!Number.isFinite(x) || Number.isInteger(x)) return x;
  const rounded = Number(x.toPrecision(LINK_SIGNIFICANT_DIGITS));
  return Object.is(rounded, -0) ? 0 : rounded;
}

/**
 * A deep copy of a JSON-like value with every number at link precision (linkNumber). Non-finite
 * numbers are left for the encoder, which writes them as null.
 * @example atLinkPrecision({ mean: 0.41591141614, ci: [0.380629601, 0.453532664], n: 240 }) // { mean: 0.415911, ci: [0.38063, 0.453533], n: 240 }
 */
export function atLinkPrecision<T>(value: T): T {
  if (typeof value === 'number') return linkNumber(value) as T;
  if (Array.isArray(value)) return value.map((v) => atLinkPrecision(v)) as T;
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = atLinkPrecision(v);
    return out as T;
  }
  return value;
}

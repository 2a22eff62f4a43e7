/**
 * The precision of the numbers a link carries. Every view, the report and the CLI's tables show a
 * statistic to three decimals (`fixed3`; a percentage to one decimal of a proportion), so a link
 * rounds every non-integer to three decimals: the shared page shows exactly the digits of the
 * page it was made on, and the link is about 2.7 times shorter than with the 17 digits of a
 * double (the demo's 36 KB; BENCHMARKS.md "Permalink size"). Integers (counts, seeds, k) are kept
 * as they are. Rounding is monotone, so a mean stays inside its CI and a bound keeps its order.
 * Re-run compares a link with its recomputation at the same precision (docs/permalinks.md).
 */

/** Decimals a link keeps of a non-integer number. */
export const LINK_DECIMALS = 3;

const SCALE = 10 ** LINK_DECIMALS;

/**
 * A number as a link carries it: integers as they are, others rounded half away from zero to
 * LINK_DECIMALS decimals (as `toFixed`, so the shown digits equal the page's); -0 is written 0.
 * @example linkNumber(0.41591141614) // 0.416
 * @example linkNumber(46.6879761904762) // 46.688
 */
export function linkNumber(x: number): number {
  if (!Number.isFinite(x) || Number.isInteger(x)) return x;
  const rounded = Number(x.toFixed(LINK_DECIMALS));
  return Object.is(rounded, -0) || Math.abs(rounded) < 1 / SCALE / 2 ? 0 : rounded;
}

/**
 * A deep copy of a JSON-like value with every number at link precision (linkNumber). Non-finite
 * numbers are left for the encoder, which writes them as null.
 * @example atLinkPrecision({ mean: 0.41591, ci: [0.38063, 0.45353], n: 240 }) // { mean: 0.416, ci: [0.381, 0.454], n: 240 }
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

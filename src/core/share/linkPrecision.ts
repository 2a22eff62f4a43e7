/**
 * The precision of the numbers a link carries. A double written by JSON.stringify has up to 17
 * significant digits, of which the views, the report and the CLI's tables show at most five (a
 * statistic to three decimals, a rate as a percentage to two); the rest made the demo's link 35 KB
 * (BENCHMARKS.md "Permalink size"). A link keeps seven significant digits, and the shared page
 * shows exactly the digits of the page it was made on:
 *
 * rounding twice (to seven digits, then to the three a view shows) can differ from rounding once
 * only when the seven-digit value sits exactly on a tie of the shown precision — its last digit a
 * 5 (64.2105 shown as 64.210 or 64.211). Any other boundary between the number and its rounding
 * would itself be a seven-digit number nearer the number. So a number whose rounding ends in 5 is
 * kept as it is, and every other one is shown alike at every precision it has digits for. (Six
 * digits and no such rule, tried first, showed 64.211 for 64.210 in the multi-task e2e test.)
 * Integers (counts, seeds, k) are kept as they are. Rounding is monotone, so a mean stays inside
 * its CI. Re-run compares a link with its recomputation at the same precision (docs/permalinks.md).
 */

/** Significant digits a link keeps of a non-integer number. */
export const LINK_SIGNIFICANT_DIGITS = 7;

/**
 * A number as a link carries it: integers as they are; others to LINK_SIGNIFICANT_DIGITS
 * significant digits (as `toPrecision`), unless that rounding ends in a 5 (a tie of a coarser
 * precision), which keeps the number whole; -0 is written 0.
 * @example linkNumber(0.41591141614) // 0.4159114
 * @example linkNumber(64.21049997) // 64.21049997 (its rounding, 64.2105, is a tie of three decimals)
 */
export function linkNumber(x: number): number {
  if (!Number.isFinite(x) || Number.isInteger(x)) return x;
  const rounded = Number(x.toPrecision(LINK_SIGNIFICANT_DIGITS));
  const mantissa = String(rounded).split('e')[0];
  if (mantissa.includes('.') && mantissa.endsWith('5')) return x;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/**
 * A deep copy of a JSON-like value with every number at link precision (linkNumber). Non-finite
 * numbers are left for the encoder, which writes them as null.
 * @example atLinkPrecision({ mean: 0.41591141614, ci: [0.380629601, 0.453532664], n: 240 }) // { mean: 0.4159114, ci: [0.3806296, 0.4535327], n: 240 }
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

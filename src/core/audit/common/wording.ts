/**
 * How the verdict sentences and the report write numbers, the same in the page and the CLI: a
 * minus sign U+2212, three decimals for statistics, rates as percentages with two decimals (9.65%,
 * as the papers print them), p below 0.001 as `< 0.001`. Missing values read "n/a".
 */

const MINUS = '\u2212';
const signed = (text: string) => text.replace(/^-/u, MINUS);
const defined = (x: number | undefined): x is number => x !== undefined && Number.isFinite(x);

/**
 * A statistic with `digits` decimals (default 3), minus as U+2212.
 * @example statistic(-0.4123) // '−0.412'
 */
export function statistic(x: number | undefined, digits = 3): string {
  return defined(x) ? signed(x.toFixed(digits)) : 'n/a';
}

/**
 * A share (0–1) as a percentage with two decimals.
 * @example percent(0.0965) // '9.65%'
 */
export function percent(share: number | undefined, digits = 2): string {
  return defined(share) ? `${signed((100 * share).toFixed(digits))}%` : 'n/a';
}

/**
 * A p- or q-value: three decimals, `< 0.001` below one thousandth.
 * @example pValue(0.00004) // '< 0.001'
 * @example pValue(0.0312) // '0.031'
 */
export function pValue(p: number | undefined): string {
  if (!defined(p)) return 'n/a';
  return p < 0.001 ? '< 0.001' : p.toFixed(3);
}

/**
 * A 95% interval in words.
 * @example interval([-0.46, -0.34]) // '95% CI −0.460 to −0.340'
 */
export function interval(ci: readonly [number, number] | undefined, digits = 3): string {
  return ci && defined(ci[0]) && defined(ci[1]) ? `95% CI ${statistic(ci[0], digits)} to ${statistic(ci[1], digits)}` : 'no CI';
}

/** Whether an interval lies wholly on one side of `value`. */
export function excludes(ci: readonly [number, number] | undefined, value: number): boolean {
  return !!ci && defined(ci[0]) && defined(ci[1]) && (ci[0] > value || ci[1] < value);
}

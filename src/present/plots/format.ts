/**
 * Number formatting shared by every plot, its tooltip and its text alternative. One rule for
 * missing data: a value that is `null`, `undefined` or not finite prints as "n/a".
 */
import { format } from 'd3';

export type Interval = readonly [number, number];

/** Minus as U+2212 (d3-format's default): reads well and aligns with digits. */
const fixed3 = format('.3f');
const fixed1 = format('.1f');
const integer = format(',d');

export function isDefined(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** `0.512`; "n/a" when missing. @example formatValue(0.5124) // "0.512" */
export function formatValue(value: number | null | undefined): string {
  return isDefined(value) ? fixed3(value) : 'n/a';
}

/** A count with thousands separators: `1,234`. */
export function formatCount(value: number): string {
  return integer(value);
}

/** A percentage to one decimal: `12.5%`. */
export function formatPercent(value: number | null | undefined): string {
  return isDefined(value) ? `${fixed1(value)}%` : 'n/a';
}

/**
 * Estimate with its 95% CI: `0.512 [0.480, 0.550]`; the bracket is left out when the interval
 * is missing or not finite. `digits` formats each number (default: 3 decimals).
 * @example formatWithCi(0.512, [0.48, 0.55]) // "0.512 [0.480, 0.550]"
 */
export function formatWithCi(value: number | null | undefined, ci?: Interval | null, digits: (v: number) => string = fixed3): string {
  const estimate = isDefined(value) ? digits(value) : 'n/a';
  return hasInterval(ci) ? `${estimate} [${digits(ci[0])}, ${digits(ci[1])}]` : estimate;
}

/** Milliseconds to one decimal with a unit: `123.4 ms`. */
export function formatMs(value: number): string {
  return `${fixed1(value)} ms`;
}

export function hasInterval(ci: Interval | null | undefined): ci is Interval {
  return ci !== null && ci !== undefined && isDefined(ci[0]) && isDefined(ci[1]);
}

/** "a, b and c" — lists in text alternatives. */
export function listInProse(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

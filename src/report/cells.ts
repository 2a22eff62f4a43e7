/**
 * Table cells written as the results page writes them (src/present/plots/format.ts): statistics to 3
 * decimals with the 95% CI in brackets, counts with thousands separators, shares as percentages
 * to one decimal; "n/a" for a missing value. The full-precision number rides along (`data-value`).
 */
import type { Ci } from '../core/audit/common/index.ts';
import { formatCount, formatPercent, formatValue, formatWithCi } from '../present/plots/index.ts';
import { numberCell, type ReportCell } from './document.ts';

const finite = (ci: readonly [number, number] | undefined) => (ci && Number.isFinite(ci[0]) && Number.isFinite(ci[1]) ? ci : undefined);

/** A statistic with its CI: `0.512 [0.480, 0.550]`. @example ciCell({ mean: 0.5, ci: [0.4, 0.6] }).text // '0.500 [0.400, 0.600]' */
export function ciCell(c: Ci | undefined): ReportCell {
  return c ? numberCell(formatWithCi(c.mean, finite(c.ci)), c.mean) : numberCell('n/a', undefined);
}

/** An estimate (a number, or `{mean, ci}`) with its CI where it has one. @example estimateCell(0.25).text // '0.250' */
export function estimateCell(v: number | { readonly mean: number; readonly ci: readonly [number, number] | undefined } | undefined): ReportCell {
  if (v === undefined) return numberCell('n/a', undefined);
  if (typeof v === 'number') return numberCell(formatValue(v), v);
  return numberCell(formatWithCi(v.mean, finite(v.ci)), v.mean);
}

/** A count: `1,234`. */
export const countCell = (n: number): ReportCell => numberCell(formatCount(n), n);

/** A share (0–1) as a percentage: `12.5%`. */
export const shareCell = (share: number): ReportCell => numberCell(formatPercent(100 * share), share);

/** A plain number to 3 decimals. */
export const valueCell = (v: number | undefined): ReportCell => numberCell(formatValue(v), v);

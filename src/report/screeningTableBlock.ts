/**
 * A screening table of the results page (src/app/results/screeningTables.ts) as a report table,
 * its cells written as the page writes them: a statistic `0.512* [0.480, 0.550]`, a p-value
 * `< 0.001`, an integer bare, other numbers to 3 decimals, text as is.
 */
import { pValue } from '../core/audit/common/index.ts';
import { formatValue } from '../app/plots/index.ts';
import type { ScreeningCell, ScreeningTable } from '../app/results/screeningTables.ts';
import { numberCell, textCell, type ReportCell, type ReportTable } from './document.ts';

const finite = (x: number) => Number.isFinite(x);

/** One cell. @example screeningCell({ ci: { mean: 0.5, ci: [0.4, 0.6] }, significant: true }).text // '0.500* [0.400, 0.600]' */
export function screeningCell(v: ScreeningCell | undefined): ReportCell {
  if (!v) return textCell('—');
  if ('ci' in v) return numberCell(`${formatValue(v.ci.mean)}${v.significant ? '*' : ''}${finite(v.ci.ci[0]) ? ` [${formatValue(v.ci.ci[0])}, ${formatValue(v.ci.ci[1])}]` : ''}`, v.ci.mean);
  if ('value' in v) {
    const isP = 'pValue' in v && v.pValue === true;
    return numberCell(isP ? pValue(v.value) : Number.isInteger(v.value) ? String(v.value) : formatValue(v.value), v.value);
  }
  return textCell(v.text);
}

/** The table, its rows headed by their label (and their model, where the page groups rows under it). */
export function screeningTableBlock(table: ScreeningTable, caption: string, rowHeader: string, hook: string): ReportTable {
  return {
    kind: 'table',
    caption,
    columns: [rowHeader, ...table.columns.map((c) => c.label)],
    rows: table.rows.map((r) => {
      const group = (r as { readonly group?: string }).group;
      return [textCell(group ? `${group} · ${r.label}` : r.label), ...table.columns.map((c) => screeningCell(r.cells[c.key]))];
    }),
    hook,
  };
}

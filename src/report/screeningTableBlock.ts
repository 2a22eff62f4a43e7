/**
 * A screening table of the results page (src/present/tables/screeningTables.ts) as a report table,
 * its cells written as the page writes them: a statistic `0.512* [0.480, 0.550]`, a p-value
 * `< 0.001`, an integer bare, other numbers to 3 decimals, text as is.
 */
import { pValue } from '../core/audit/common/index.ts';
import { formatValue } from '../present/plots/index.ts';
import type { ScreeningCell, ScreeningTable } from '../present/tables/screeningTables.ts';
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

/** The table, its rows headed by their label. */
export function screeningTableBlock(table: ScreeningTable, caption: string, rowHeader: string, hook: string): ReportTable {
  return {
    kind: 'table',
    caption,
    columns: [rowHeader, ...table.columns.map((c) => c.label)],
    rows: table.rows.map((r) => [textCell(r.label), ...table.columns.map((c) => screeningCell(r.cells[c.key]))]),
    hook,
  };
}

/**
 * One table per group of rows where the page groups them under a model (the bias table), its
 * caption naming the model — narrower than one table repeating the model in every row, so it fits
 * a printed page; one table otherwise.
 */
export function screeningTableBlocks(table: ScreeningTable, caption: string, rowHeader: string, hook: string): ReportTable[] {
  const groupOf = (r: ScreeningTable['rows'][number]) => (r as { readonly group?: string }).group;
  const groups = [...new Set(table.rows.map(groupOf))];
  if (groups.length === 1 && groups[0] === undefined) return [screeningTableBlock(table, caption, rowHeader, hook)];
  return groups.map((g) => screeningTableBlock({ ...table, rows: table.rows.filter((r) => groupOf(r) === g) }, g === undefined ? caption : `${g}. ${caption}`, rowHeader, hook));
}

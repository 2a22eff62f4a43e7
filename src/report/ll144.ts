/**
 * The NYC Local Law 144 summary table (6 RCNY § 5-301, § 5-304) of a group-outcome audit: per
 * category of each grouping (sex, race/ethnicity and their intersection, as the decisions table
 * names them) the number of individuals — every category the data holds, an `unknown` one
 * included, so the counts add up to all rows —, the selection or scoring rate, the impact ratio
 * and the four-fifths flag exactly as core decided it (on the counts), and the categories under 2%
 * with their counts and rates, marked when they were excluded from the impact ratios.
 */
import type { OutcomeNumber, OutcomesResults } from '../core/audit/outcomes/index.ts';
import { formatPercent } from '../app/plots/index.ts';
import { rateLabel } from '../app/results/outcomesTables.ts';
import { countCell, estimateCell, shareCell } from './cells.ts';
import { textCell, type ReportCell, type ReportTable } from './document.ts';

const meanOf = (v: OutcomeNumber) => (typeof v === 'object' ? v.mean : v);

/** The four-fifths cell: `below 0.8`, `passes`, or `n/a` where the ratio is undefined. */
export function fourFifthsText(flag: boolean, ratio: OutcomeNumber): string {
  return flag ? 'below 0.8' : meanOf(ratio) === undefined ? 'n/a' : 'passes';
}

/** Where a category stands in the impact ratios: `under 2%, excluded`, `under 2%`, or ''. */
const smallText = (c: { small: boolean; excluded: boolean }) => (c.small ? (c.excluded ? 'under 2%, excluded' : 'under 2%') : '');

/**
 * The LL144 table of an outcome audit: one row per grouping · category.
 * @example ll144Table(results, 'Outcomes').columns[4] // 'Selection rate'
 */
export function ll144Table(results: OutcomesResults, caption: string): ReportTable {
  const rows: ReportCell[][] = results.groupings.flatMap((g) =>
    g.categories.map((c) => [
      textCell(`${g.name}: ${c.category}${c.category === g.highest ? ' (highest)' : ''}`),
      countCell(c.n),
      shareCell(c.share),
      countCell(c.selected),
      estimateCell(c.selection_rate),
      estimateCell(c.impact_ratio),
      textCell(fourFifthsText(c.four_fifths, c.impact_ratio)),
      textCell(smallText(c) || '—'),
    ]),
  );
  return {
    kind: 'table',
    caption: `${caption}. Number of individuals, ${rateLabel(results).toLowerCase()} and impact ratio (the category's rate ÷ the highest rate in its grouping) per category, unknown categories included; below 0.8 fails the four-fifths rule, decided on the counts. Of ${results.n_rows} rows.`,
    columns: ['Grouping: category', 'Individuals', 'Share', 'Selected', rateLabel(results), 'Impact ratio', 'Four-fifths', 'Under 2% of rows'],
    rows,
    hook: 'll144',
  };
}

/** The categories under 2% of the rows, with their counts and rates, and whether they were excluded; undefined when there are none. */
export function smallCategoriesTable(results: OutcomesResults, caption: string): ReportTable | undefined {
  const rows: ReportCell[][] = results.groupings.flatMap((g) =>
    g.categories.filter((c) => c.small).map((c) => [textCell(`${g.name}: ${c.category}`), countCell(c.n), shareCell(c.share), estimateCell(c.selection_rate), textCell(c.excluded ? 'yes: left out of the highest rate and the impact ratios' : 'no: kept in the impact ratios')]),
  );
  if (rows.length === 0) return undefined;
  return {
    kind: 'table',
    caption: `${caption}. Categories under ${formatPercent(100 * results.small_share)} of the rows: NYC LL144 lets an auditor exclude them from the impact ratios, and the summary must say so with their counts and rates.`,
    columns: ['Grouping: category', 'Individuals', 'Share', rateLabel(results), 'Excluded'],
    rows,
    hook: 'll144-small',
  };
}

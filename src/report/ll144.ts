/**
 * The NYC Local Law 144 summary table (6 RCNY § 5-301, § 5-304) of a group-outcome audit: per
 * category of each grouping (sex, race/ethnicity and their intersection, as the decisions table
 * names them) the number of individuals — every category the data holds, an `unknown` one
 * included, so the counts add up to all rows —, the selection or scoring rate, the impact ratio
 * and the four-fifths flag exactly as core decided it (on the counts), and the categories under 2%
 * with their counts and rates, marked when they were excluded from the impact ratios.
 *
 * LL144 counts people. Where a row is a counterfactual variant (a screening audit: several per CV)
 * the table gives the distinct CVs of each category beside the variants scored, and says the rates
 * are over the variants; the unknown category's count is always stated, 0 when there is none.
 */
import type { OutcomeNumber, OutcomesResults } from '../core/audit/outcomes/index.ts';
import { UNKNOWN_CATEGORY } from '../core/formats/decisions.ts';
import { formatPercent } from '../present/plots/index.ts';
import { rateLabel } from '../present/tables/outcomesTables.ts';
import { countCell, estimateCell, shareCell } from './cells.ts';
import { textCell, type ReportCell, type ReportTable } from './document.ts';

const meanOf = (v: OutcomeNumber) => (typeof v === 'object' ? v.mean : v);

/** The four-fifths cell: `below 0.8`, `passes`, or `n/a` where the ratio is undefined. */
export function fourFifthsText(flag: boolean, ratio: OutcomeNumber): string {
  return flag ? 'below 0.8' : meanOf(ratio) === undefined ? 'n/a' : 'passes';
}

/** Where a category stands in the impact ratios: `under 2%, excluded`, `under 2%`, or ''. */
const smallText = (c: { small: boolean; excluded: boolean }) => (c.small ? (c.excluded ? 'under 2%, excluded' : 'under 2%') : '');

/** What a row of the audit is: an individual (a decisions table), or a counterfactual variant of a CV (a screening audit). */
export type OutcomeRows = 'individuals' | 'variants';

/**
 * The number in the unknown category of each group column (an empty or missing value), 0 when
 * there is none: `sex 0, race 3`.
 * @example unknownCounts(results) // 'sex 0'
 */
export function unknownCounts(results: OutcomesResults): string {
  return results.groupings.filter((g) => !g.intersectional).map((g) => `${g.name} ${g.categories.find((c) => c.category === UNKNOWN_CATEGORY)?.n ?? 0}`).join(', ');
}

/** Why a screening audit has no sex × race/ethnicity intersection. */
export const NO_INTERSECTION = 'No intersectional category (sex × race/ethnicity): each counterfactual variant changes one attribute of its CV, so no variant carries a combination of the two and the intersection cannot be computed from these data; it would need variants built from a sex × race/ethnicity name list.';

/**
 * The LL144 table of an outcome audit: one row per grouping · category.
 * @example ll144Table(results, 'Outcomes').columns[4] // 'Selection rate'
 */
export function ll144Table(results: OutcomesResults, caption: string, unit: OutcomeRows = 'individuals'): ReportTable {
  const variants = unit === 'variants';
  const individuals = (n: number | undefined) => (n === undefined ? textCell('not recorded') : countCell(n));
  const rows: ReportCell[][] = results.groupings.flatMap((g) =>
    g.categories.map((c) => [
      textCell(`${g.name}: ${c.category}${c.category === g.highest ? ' (highest)' : ''}`),
      ...(variants ? [individuals(c.n_individuals)] : []),
      countCell(c.n),
      shareCell(c.share),
      countCell(c.selected),
      estimateCell(c.selection_rate),
      estimateCell(c.impact_ratio),
      textCell(fourFifthsText(c.four_fifths, c.impact_ratio)),
      textCell(smallText(c) || '—'),
    ]),
  );
  const unknown = `Unknown category (an empty or missing value): ${unknownCounts(results)}.`;
  const counted = variants
    ? `Number of individuals (the distinct CVs) and of the counterfactual variants scored, ${rateLabel(results).toLowerCase()} and impact ratio (the category's rate ÷ the highest rate in its grouping) per category; the rates and shares are over the variants scored (${results.n_rows}), each a CV with one attribute changed. ${NO_INTERSECTION}`
    : `Number of individuals, ${rateLabel(results).toLowerCase()} and impact ratio (the category's rate ÷ the highest rate in its grouping) per category, unknown categories included; of ${results.n_rows} rows, one per individual.`;
  return {
    kind: 'table',
    caption: `${caption}. ${counted} Below 0.8 fails the four-fifths rule, decided on the counts. ${unknown}`,
    columns: ['Grouping: category', ...(variants ? ['Individuals (CVs)', 'Variants scored'] : ['Individuals']), 'Share', 'Selected', rateLabel(results), 'Impact ratio', 'Four-fifths', 'Under 2% of rows'],
    rows,
    hook: 'll144',
  };
}

/** The categories under 2% of the rows, with their counts and rates, and whether they were excluded; undefined when there are none. */
export function smallCategoriesTable(results: OutcomesResults, caption: string, unit: OutcomeRows = 'individuals'): ReportTable | undefined {
  const rows: ReportCell[][] = results.groupings.flatMap((g) =>
    g.categories.filter((c) => c.small).map((c) => [textCell(`${g.name}: ${c.category}`), countCell(c.n), shareCell(c.share), estimateCell(c.selection_rate), textCell(c.excluded ? 'yes: left out of the highest rate and the impact ratios' : 'no: kept in the impact ratios')]),
  );
  if (rows.length === 0) return undefined;
  return {
    kind: 'table',
    caption: `${caption}. Categories under ${formatPercent(100 * results.small_share)} of the rows: NYC LL144 lets an auditor exclude them from the impact ratios, and the summary must say so with their counts and rates.`,
    columns: ['Grouping: category', unit === 'variants' ? 'Variants scored' : 'Individuals', 'Share', rateLabel(results), 'Excluded'],
    rows,
    hook: 'll144-small',
  };
}

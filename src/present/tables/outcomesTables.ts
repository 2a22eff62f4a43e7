/**
 * What the Outcomes view shows of an outcome audit's results: the bar plot's spec and the
 * tables (the page's and the CSV/JSON exports, at full precision). Pure: no metric is computed
 * here — the four-fifths line is 0.8 × the rate core reports for the grouping's highest category.
 */
import type { OutcomeGrouping, OutcomeNumber, OutcomesResults } from '../../core/audit/outcomes/index.ts';
import type { OutcomesBarsSpec, PlotTable } from '../plots/index.ts';

/** The point estimate of a reported number; undefined when missing. */
export function estimateOf(value: OutcomeNumber): number | undefined {
  return typeof value === 'object' ? value.mean : value;
}

/** The CI of a reported number; undefined without a bootstrap or when it cannot be computed. */
export function intervalOf(value: OutcomeNumber): readonly [number, number] | undefined {
  return typeof value === 'object' ? value.ci : undefined;
}

/** 0.8 × the highest compared selection rate of a grouping; undefined when it has none. */
export function fourFifthsLine(grouping: OutcomeGrouping): number | undefined {
  const top = grouping.categories.find((c) => c.category === grouping.highest);
  const rate = top ? estimateOf(top.selection_rate) : undefined;
  return rate === undefined ? undefined : 0.8 * rate;
}

/** "Selection rate", or "Scoring rate" for scores without a cut-off (NYC LL144). */
export function rateLabel(results: OutcomesResults): string {
  return results.decision.kind === 'scoring-rate' ? 'Scoring rate' : 'Selection rate';
}

/** The bar plot: one section per grouping, its four-fifths line, the flags core set. */
export function outcomesBarsSpec(results: OutcomesResults): OutcomesBarsSpec {
  return {
    xLabel: rateLabel(results),
    sections: results.groupings.map((g) => ({
      name: g.name,
      threshold: fourFifthsLine(g) ?? null,
      bars: g.categories.map((c) => ({
        category: c.category,
        rate: estimateOf(c.selection_rate) ?? null,
        ci: intervalOf(c.selection_rate) ?? null,
        belowFourFifths: c.four_fifths,
        small: c.small,
      })),
    })),
  };
}

const withCi = (value: OutcomeNumber) => [estimateOf(value), intervalOf(value)?.[0], intervalOf(value)?.[1]] as const;
const ciColumns = (name: string) => [name, `${name}_ci_low`, `${name}_ci_high`];

/** One row per category of every grouping, full precision (the CSV/JSON export). */
export function outcomesCategoryTable(results: OutcomesResults): PlotTable {
  const labels = results.label !== undefined;
  return {
    columns: [
      'grouping',
      'category',
      'n',
      'share',
      'selected',
      ...ciColumns('selection_rate'),
      ...ciColumns('impact_ratio'),
      'four_fifths',
      'small',
      'excluded',
      ...(labels ? ['n_positive', ...ciColumns('true_positive_rate'), 'n_negative', ...ciColumns('false_positive_rate')] : []),
    ],
    rows: results.groupings.flatMap((g) =>
      g.categories.map((c) => [
        g.name,
        c.category,
        c.n,
        c.share,
        c.selected,
        ...withCi(c.selection_rate),
        ...withCi(c.impact_ratio),
        c.four_fifths,
        c.small,
        c.excluded,
        ...(labels ? [c.n_positive, ...withCi(c.true_positive_rate), c.n_negative, ...withCi(c.false_positive_rate)] : []),
      ]),
    ),
  };
}

/** One row per grouping: its highest category and its disparities (the CSV/JSON export). */
export function outcomesGapTable(results: OutcomesResults): PlotTable {
  const labels = results.label !== undefined;
  return {
    columns: [
      'grouping',
      'highest',
      ...ciColumns('demographic_parity_difference'),
      ...ciColumns('demographic_parity_ratio'),
      ...(labels ? [...ciColumns('equal_opportunity_difference'), ...ciColumns('equalized_odds_difference')] : []),
    ],
    rows: results.groupings.map((g) => [
      g.name,
      g.highest,
      ...withCi(g.demographic_parity_difference),
      ...withCi(g.demographic_parity_ratio),
      ...(labels ? [...withCi(g.equal_opportunity_difference), ...withCi(g.equalized_odds_difference)] : []),
    ]),
  };
}

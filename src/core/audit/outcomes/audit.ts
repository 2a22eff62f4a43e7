/**
 * The group-outcome audit (METRICS.md §10): selection rates, impact ratios and the four-fifths
 * flag per category of each group column and of their intersection, demographic parity, and
 * with a true label equal opportunity and equalised odds — with seeded percentile bootstrap CIs
 * (§6) over candidates, or over jobs when there is a job column.
 */
import type { Decisions } from '../../formats/decisions.ts';
import { bootstrapVector } from '../../stats/bootstrapVector.ts';
import type { CiOptions } from '../common/index.ts';
import { COUNTS_PER_CATEGORY, countCategories } from './categoryCounts.ts';
import { categoryName, groupingsOf, type Grouping } from './groupings.ts';
import { STATISTICS_PER_CATEGORY, groupingStatistics, groupingVectorLength } from './groupingStatistics.ts';
import { candidateUnits, jobUnits } from './resampleUnits.ts';
import { selectionRuleOf, selectionsOf, type ScoreRule } from './selectionRule.ts';
import type { OutcomeCategory, OutcomeDecision, OutcomeGrouping, OutcomeNumber, OutcomesResults } from './results.ts';

/** A category under this share of the rows is small (NYC LL144's 2%). */
export const SMALL_CATEGORY_SHARE = 0.02;
/** The four-fifths rule: an impact ratio below this is flagged. */
export const FOUR_FIFTHS = 0.8;

export interface OutcomesOptions {
  /** With a score column: selected iff score ≥ cutoff. Without one, the scoring rate (above the median). */
  readonly cutoff?: number;
  /** Leave small categories out of the highest rate and the disparities (default: flag them, keep them in). */
  readonly excludeSmall?: boolean;
  /** With a score column, instead of a cut-off: a shortlist of the top k per job, or a selection rate. */
  readonly rule?: ScoreRule;
}

const CONFIDENCE = 0.95;

/**
 * The four-fifths rule on the counts, exactly: category g (sel_g of n_g selected) is flagged when
 * its rate is less than four-fifths of the highest (sel_top of n_top), i.e.
 * 5 · sel_g · n_top < 4 · sel_top · n_g — integers, so 16 of 50 against 40 of 100 (an impact
 * ratio of exactly 4/5, which floating-point division gives as 0.7999999999999999) passes, as the
 * EEOC's rule flags rates *less than* four-fifths (29 CFR § 1607.4(D)).
 * @example belowFourFifths(16, 50, { selected: 40, n: 100 }) // false
 * @example belowFourFifths(15, 50, { selected: 40, n: 100 }) // true
 */
export function belowFourFifths(selected: number, n: number, top: { readonly selected: number; readonly n: number } | undefined): boolean {
  if (!top || n === 0 || top.selected === 0) return false;
  return 5 * selected * top.n < 4 * top.selected * n;
}

/**
 * The compared category with the highest selection rate, as counts; rates compared by cross
 * multiplication (a/b > c/d ⇔ a·d > c·b), so equal rates are equal. undefined when none has rows.
 */
function highestCategory(counts: Float64Array, compared: readonly boolean[]): { selected: number; n: number } | undefined {
  let best: { selected: number; n: number } | undefined;
  for (let j = 0; j < compared.length; j++) {
    const n = counts[j * COUNTS_PER_CATEGORY];
    const selected = counts[j * COUNTS_PER_CATEGORY + 1];
    if (!compared[j] || n === 0) continue;
    if (!best || selected * best.n > best.selected * n) best = { selected, n };
  }
  return best;
}

/** Where each grouping's numbers start in the statistics vector (entry 0 is the median). */
function offsetsOf(groupings: readonly Grouping[]): number[] {
  const offsets: number[] = [];
  let at = 1;
  for (const g of groupings) {
    offsets.push(at);
    at += groupingVectorLength(g.categories.length);
  }
  offsets.push(at);
  return offsets;
}

/**
 * Audits the group outcomes of a decisions table.
 *
 * For every grouping (each group column, then the intersection of all of them) and each of its
 * categories g: n_g, the share n_g / n (small when under 2%), SR_g = mean of y over its rows,
 * the impact ratio SR_g / max_h SR_h (h over the grouping's compared categories) and the
 * four-fifths flag (ratio < 0.8); per grouping the demographic-parity difference max − min SR
 * and ratio min / max; with labels TPR_g and FPR_g, the equal-opportunity difference max − min
 * TPR and the equalised-odds difference max(ΔTPR, ΔFPR). y is the selection, score ≥ cutoff, or
 * score > the sample's median (the LL144 scoring rate; recomputed in each resample).
 *
 * With `ci`, every rate and disparity becomes {mean, ci}: a percentile bootstrap (B resamples,
 * createRng(seed)) over candidates, or over jobs when there is a job column (a drawn job brings
 * all its rows); a resample in which a number is undefined (a category absent) is left out of
 * that number's CI, and a warning counts such resamples.
 * @throws {RangeError} for a cut-off with a selection column or a non-finite cut-off, or as bootstrapVector.
 * @example auditOutcomes(readDecisions(table, { groups: ['race'], selected: 'callback' }), {}).groupings[0].categories[0].selection_rate
 */
export function auditOutcomes(decisions: Decisions, options: OutcomesOptions = {}, ci?: CiOptions): OutcomesResults {
  const n = decisions.lines.length;
  const rule = selectionRuleOf(decisions, options.cutoff, options.rule);
  const selections = selectionsOf(decisions, rule);
  const labels = decisions.label?.values;
  const groupings = groupingsOf(decisions.groupColumns, decisions.groups);
  const offsets = offsetsOf(groupings);
  const all = Uint32Array.from({ length: n }, (_, i) => i);
  const selectedAll = selections(all).y;
  const fullCounts = groupings.map((g) => countCategories(g, selectedAll, labels, all));
  const small = fullCounts.map((c, gi) => groupings[gi].categories.map((_, j) => c[j * COUNTS_PER_CATEGORY] / n < SMALL_CATEGORY_SHARE));
  const compared = small.map((s) => s.map((isSmall) => !(isSmall && options.excludeSmall === true)));

  const units = decisions.job ? jobUnits(decisions.job.values) : candidateUnits(n);
  const statistic = (unitIndices: Uint32Array, out: Float64Array) => {
    const rows = units.rowsOf(unitIndices);
    const { y, median } = selections(rows);
    out[0] = median;
    groupings.forEach((g, gi) => groupingStatistics(countCategories(g, y, labels, rows), compared[gi], out.subarray(offsets[gi], offsets[gi + 1])));
  };
  const size = offsets[offsets.length - 1];
  const vector = ci
    ? bootstrapVector(units.count, size, statistic, { ...ci, level: CONFIDENCE })
    : (() => {
        const estimate = new Float64Array(size);
        statistic(Uint32Array.from({ length: units.count }, (_, i) => i), estimate);
        return { estimate, ci: undefined, defined: undefined };
      })();

  const value = (k: number): OutcomeNumber => {
    const mean = vector.estimate[k];
    if (Number.isNaN(mean)) return undefined;
    if (!vector.ci) return mean;
    const [lo, hi] = vector.ci[k];
    return { mean, ci: Number.isNaN(lo) || Number.isNaN(hi) ? undefined : [lo, hi] };
  };
  const pointOf = (v: OutcomeNumber): number | undefined => (typeof v === 'object' ? v.mean : v);
  const warnings: string[] = [];

  // The highest compared category of each grouping, by its counts (the rate's numerator and denominator).
  const top = fullCounts.map((counts, gi) => highestCategory(counts, compared[gi]));

  const results: OutcomeGrouping[] = groupings.map((g, gi) => {
    const base = offsets[gi];
    const counts = fullCounts[gi];
    const categories: OutcomeCategory[] = g.categories.map((values, j) => {
      const at = base + j * STATISTICS_PER_CATEGORY;
      const c = j * COUNTS_PER_CATEGORY;
      const impact = value(at + 1);
      const ratio = pointOf(impact);
      const name = categoryName(values);
      if (small[gi][j]) {
        warnings.push(`${g.name} "${name}": ${counts[c]} of ${n} rows (${((100 * counts[c]) / n).toFixed(2)}% < ${100 * SMALL_CATEGORY_SHARE}%); NYC LL144 lets an auditor exclude it from the impact ratios${compared[gi][j] ? '' : ' (excluded here)'}`);
      }
      if (ci && vector.defined && vector.defined[at] < ci.resamples) {
        warnings.push(`${g.name} "${name}": absent from ${ci.resamples - vector.defined[at]} of ${ci.resamples} resamples; its CIs use the other ${vector.defined[at]}`);
      }
      return {
        category: name,
        values: Object.fromEntries(g.columns.map((col, i) => [col, values[i]])),
        n: counts[c],
        share: counts[c] / n,
        selected: counts[c + 1],
        selection_rate: value(at),
        impact_ratio: impact,
        four_fifths: ratio !== undefined && belowFourFifths(counts[c + 1], counts[c], top[gi]),
        small: small[gi][j],
        excluded: !compared[gi][j],
        ...(labels
          ? { n_positive: counts[c + 2], n_negative: counts[c + 4], true_positive_rate: value(at + 2), false_positive_rate: value(at + 3) }
          : {}),
      };
    });
    const summary = base + g.categories.length * STATISTICS_PER_CATEGORY;
    let highest: string | undefined;
    let best = -Infinity;
    categories.forEach((cat, j) => {
      const rate = pointOf(cat.selection_rate);
      if (compared[gi][j] && rate !== undefined && rate > best) {
        best = rate;
        highest = cat.category;
      }
    });
    if (categories.filter((_, j) => compared[gi][j]).length < 2) warnings.push(`${g.name}: fewer than two categories to compare; impact ratios against the one compared, no disparities`);
    return {
      name: g.name,
      columns: g.columns,
      intersectional: g.intersectional,
      categories,
      highest,
      demographic_parity_difference: value(summary),
      demographic_parity_ratio: value(summary + 1),
      ...(labels ? { equal_opportunity_difference: value(summary + 2), equalized_odds_difference: value(summary + 3) } : {}),
    };
  });

  const d = decisions.decision;
  const decision: OutcomeDecision =
    rule.kind === 'selected' ? { kind: 'selected', column: d.column }
      : rule.kind === 'cutoff' ? { kind: 'cutoff', column: d.column, cutoff: rule.cutoff }
        : rule.kind === 'top-k' ? { kind: 'top-k', column: d.column, k: rule.k }
          : rule.kind === 'rate' ? { kind: 'rate', column: d.column, share: rule.share }
            : { kind: 'scoring-rate', column: d.column, median: value(0) };
  return {
    audit: 'outcomes',
    decision,
    label: decisions.label?.column,
    job: decisions.job?.column,
    n_rows: n,
    n_jobs: decisions.job ? units.count : undefined,
    small_share: SMALL_CATEGORY_SHARE,
    exclude_small: options.excludeSmall === true,
    groupings: results,
    warnings,
    bootstrap: ci ? { resamples: ci.resamples, seed: ci.seed, level: CONFIDENCE, unit: units.unit, n_units: units.count } : undefined,
  };
}

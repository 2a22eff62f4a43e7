/**
 * The results of the group-outcome audit (METRICS.md §10): plain data, the same object in the
 * browser (through the compute worker) and in `fairground eval outcomes` (printed as JSON, where
 * a missing number — `undefined` here — becomes `null`). Keys are snake_case, as the CLI prints
 * them.
 */
import type { ResampleUnit } from './resampleUnits.ts';

/** A point estimate with its 95% percentile bootstrap CI; `ci` is undefined when no resample defined it. */
export interface OutcomeInterval {
  readonly mean: number;
  readonly ci: readonly [number, number] | undefined;
}

/** A reported number: plain without a bootstrap, `{mean, ci}` with one; undefined when the sample does not define it. */
export type OutcomeNumber = number | OutcomeInterval | undefined;

/** How the decision of a row was read. */
export type OutcomeDecision =
  | { readonly kind: 'selected'; readonly column: string }
  | { readonly kind: 'cutoff'; readonly column: string; readonly cutoff: number }
  /** NYC LL144 scoring rate: selected iff the score is above the median of all rows. */
  | { readonly kind: 'scoring-rate'; readonly column: string; readonly median: OutcomeNumber }
  /** A shortlist: the k highest scores of each job (of all rows without a job column). */
  | { readonly kind: 'top-k'; readonly column: string; readonly k: number }
  /** A selection rate: the share of all rows with the highest scores. */
  | { readonly kind: 'rate'; readonly column: string; readonly share: number };

/** One category of a grouping (a group value, or a combination of values). */
export interface OutcomeCategory {
  /** Its values joined by ` × `: `female`, `f × black`. */
  readonly category: string;
  /** Its value in each group column. */
  readonly values: Readonly<Record<string, string>>;
  /** Rows in the category, and their share of all rows. */
  readonly n: number;
  readonly share: number;
  /** Rows selected (for the scoring rate: scored above the median). */
  readonly selected: number;
  /** SR = selected / n. */
  readonly selection_rate: OutcomeNumber;
  /** SR / the highest SR of the grouping's compared categories. */
  readonly impact_ratio: OutcomeNumber;
  /** The four-fifths rule: the rate is less than four-fifths of the highest, decided on the counts (5 · sel · n_top < 4 · sel_top · n), never on the rounded ratio. */
  readonly four_fifths: boolean;
  /** Under 2% of the rows: NYC LL144 lets an auditor exclude it from the impact ratios. */
  readonly small: boolean;
  /** Left out of the highest rate and the disparities (small, with `excludeSmall`). */
  readonly excluded: boolean;
  /** With a label column: rows with label 1 and 0, and the selection rate among each. */
  readonly n_positive?: number;
  readonly n_negative?: number;
  readonly true_positive_rate?: OutcomeNumber;
  readonly false_positive_rate?: OutcomeNumber;
  /**
   * Where a row is not an individual — the counterfactual variants of a screening audit, several
   * per CV — the number of distinct individuals (CVs) behind the category's rows; absent where
   * each row is one individual (a decisions table) and in results made before it.
   */
  readonly n_individuals?: number;
}

/** One group column, or the intersection of all of them. */
export interface OutcomeGrouping {
  /** The column, or the columns joined by ` × `. */
  readonly name: string;
  readonly columns: readonly string[];
  readonly intersectional: boolean;
  readonly categories: readonly OutcomeCategory[];
  /** The compared category with the highest selection rate (the first in order on a tie). */
  readonly highest: string | undefined;
  /** max SR − min SR and min SR / max SR over the compared categories. */
  readonly demographic_parity_difference: OutcomeNumber;
  readonly demographic_parity_ratio: OutcomeNumber;
  /** With a label column: max − min TPR, and the larger of the TPR and FPR differences. */
  readonly equal_opportunity_difference?: OutcomeNumber;
  readonly equalized_odds_difference?: OutcomeNumber;
}

/** The bootstrap behind the CIs. */
export interface OutcomesBootstrap {
  readonly resamples: number;
  readonly seed: number;
  readonly level: number;
  /** What was resampled: candidates (rows), or jobs with all their rows. */
  readonly unit: ResampleUnit;
  readonly n_units: number;
}

/** The decisions file an audit read: its name (no folder), size and SHA-256 (NYC LL144: the source of the data). */
export interface OutcomesSource {
  readonly name: string;
  readonly bytes: number;
  readonly sha256: string;
}

export interface OutcomesResults {
  readonly audit: 'outcomes';
  /** ISO 8601 time the audit ran (the audit's date); absent in results made before it and in a screening model's outcomes. */
  readonly created_at?: string;
  /** The decisions file audited; absent in results made before it and in a screening model's outcomes. */
  readonly source?: OutcomesSource;
  /**
   * Whether the decisions are the tool's historical use (true) or test data (false), as the auditor
   * stated it (`eval outcomes --historical yes|no`); absent: not stated.
   */
  readonly historical?: boolean;
  readonly decision: OutcomeDecision;
  readonly label: string | undefined;
  readonly job: string | undefined;
  readonly n_rows: number;
  readonly n_jobs: number | undefined;
  /** The share under which a category is small (0.02). */
  readonly small_share: number;
  readonly exclude_small: boolean;
  readonly groupings: readonly OutcomeGrouping[];
  /** Small categories, groupings with nothing to compare, categories missing from resamples. */
  readonly warnings: readonly string[];
  readonly bootstrap: OutcomesBootstrap | undefined;
}

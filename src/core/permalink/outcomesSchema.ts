/**
 * What a link may carry of a group-outcome audit (core/audit/outcomes/):
 * the OutcomesResults of each attribute of a screening model, field by
 * field, as the other results schemas check theirs.
 */
import { arrayOf, object, record } from './containerChecks.ts';
import { check, nullable, type Check } from './shapeCheck.ts';
import { interval, RANGES } from './statisticChecks.ts';
import { bool, count, number, oneOf, text } from './valueChecks.ts';
import type { NumberRule } from './valueChecks.ts';

/** An OutcomeNumber as JSON: a number, `{mean, ci}` (ci absent when it could not be computed), or null. */
function outcomeNumber(range: NumberRule): Check {
  const plain = number({ ...range, nullable: true });
  const withCi = object({ mean: number({ ...range, nullable: true }) }, { ci: interval(range) });
  return check('number', 'a number, {mean, ci} or null', (value, path) => (typeof value === 'object' && value !== null ? withCi(value, path) : plain(value, path)));
}

const ratio: NumberRule = RANGES.nonNegative;
const CATEGORY = object(
  {
    category: text({ nonEmpty: true }),
    values: record(text(), 8),
    n: count(),
    share: number(RANGES.proportion),
    selected: count(),
    selection_rate: outcomeNumber(RANGES.proportion),
    impact_ratio: outcomeNumber(ratio),
    four_fifths: bool,
    small: bool,
    excluded: bool,
  },
  { n_individuals: count(), n_positive: count(), n_negative: count(), true_positive_rate: outcomeNumber(RANGES.proportion), false_positive_rate: outcomeNumber(RANGES.proportion) },
);

const GROUPING = object(
  {
    name: text({ nonEmpty: true }),
    columns: arrayOf(text({ nonEmpty: true }), 1, 8),
    intersectional: bool,
    categories: arrayOf(CATEGORY, 0, 200),
    highest: nullable(text()),
    demographic_parity_difference: outcomeNumber(RANGES.correlation),
    demographic_parity_ratio: outcomeNumber(ratio),
  },
  { equal_opportunity_difference: outcomeNumber(RANGES.correlation), equalized_odds_difference: outcomeNumber(RANGES.correlation) },
);

const DECISION = object({ kind: oneOf(['selected', 'cutoff', 'scoring-rate', 'top-k', 'rate']), column: text() }, { cutoff: number(), median: outcomeNumber(RANGES.any), k: count(1), share: number(RANGES.proportion) });

export const OUTCOMES_RESULTS: Check = object(
  {
    audit: oneOf(['outcomes']),
    decision: DECISION,
    n_rows: count(),
    small_share: number(RANGES.proportion),
    exclude_small: bool,
    groupings: arrayOf(GROUPING, 0, 16),
    warnings: arrayOf(text(), 0, 200),
  },
  {
    label: nullable(text()),
    job: nullable(text()),
    n_jobs: nullable(count()),
    bootstrap: nullable(object({ resamples: count(), seed: number(), level: number(RANGES.proportion), unit: oneOf(['candidates', 'jobs']), n_units: count() })),
    // The audit's date, the decisions file (its size and SHA-256; a link leaves its name out) and
    // whether the decisions are historical: the LL144 summary's items (issue 47).
    created_at: text(),
    source: object({ bytes: count(), sha256: text() }, { name: text() }),
    historical: nullable(bool),
  },
);

const VARIANT_RULE = object({ kind: oneOf(['threshold', 'top-k']) }, { threshold: number(RANGES.percent), k: count(1) });

/** The `outcomes` of a screening model: one per attribute, with its decision rule (a threshold, or a shortlist of k per pool). */
export const SCREENING_OUTCOMES: Check = arrayOf(object({ attribute: text({ nonEmpty: true }), outcomes: OUTCOMES_RESULTS }, { threshold: number(RANGES.percent), rule: VARIANT_RULE }), 0, 16);

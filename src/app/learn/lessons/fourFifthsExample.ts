/**
 * The four-fifths lesson's example: twenty candidates of one job, ten women and ten men, each with
 * a screening score (0–100), decided by a cut-off or by the NYC LL144 scoring rate. Every number
 * comes from the group-outcome audit of the Outcomes view (core/audit/outcomes, METRICS.md §10).
 */
import type { Decisions } from '../../../core/formats/decisions.ts';
import { auditOutcomes, selectionRuleOf, selectionsOf, type OutcomesResults } from '../../../core/audit/outcomes/index.ts';
import { estimateOf } from '../../../present/tables/outcomesTables.ts';

export interface Candidate {
  readonly id: string;
  readonly gender: 'women' | 'men';
  readonly score: number;
}

/** Lesson-authored scores: at the cut-off 60, 4 of 10 women and 5 of 10 men pass (impact ratio exactly 0.8). */
export const CANDIDATES: readonly Candidate[] = Object.freeze(
  [
    ...[88, 74, 66, 61, 58, 55, 49, 44, 40, 31].map((score, i) => ({ id: `w${i + 1}`, gender: 'women' as const, score })),
    ...[91, 83, 77, 69, 67, 59, 52, 47, 38, 35].map((score, i) => ({ id: `m${i + 1}`, gender: 'men' as const, score })),
  ].map((c) => Object.freeze(c)),
);

export const START_CUTOFF = 60;
export const CUTOFF_STEP = 5;

/** How a score becomes a selection: selected iff score ≥ cut-off, or the scoring rate (above the median of all rows). */
export type LessonRule = { readonly kind: 'cutoff'; readonly cutoff: number } | { readonly kind: 'scoring-rate' };

/** The candidates as the decisions table the Outcomes view reads from a file: one group column, a score column. */
export function decisionsOf(candidates: readonly Candidate[]): Decisions {
  return {
    groupColumns: ['gender'],
    groups: [candidates.map((c) => c.gender)],
    decision: { kind: 'score', column: 'score', scores: Float64Array.from(candidates, (c) => c.score) },
    lines: candidates.map((_, i) => i + 2),
  };
}


const optionsOf = (rule: LessonRule) => (rule.kind === 'cutoff' ? { cutoff: rule.cutoff } : {});

/** Selections and rates of the candidates under `rule`, by the audit itself. */
export function fourFifthsResult(rule: LessonRule, candidates: readonly Candidate[] = CANDIDATES): OutcomesResults {
  return auditOutcomes(decisionsOf(candidates), optionsOf(rule));
}

/** Which candidates the rule selects, by the audit's own selection rule (ids in input order). */
export function selectedIds(rule: LessonRule, candidates: readonly Candidate[] = CANDIDATES): Set<string> {
  const decisions = decisionsOf(candidates);
  const all = Uint32Array.from(candidates, (_, i) => i);
  const { y } = selectionsOf(decisions, selectionRuleOf(decisions, optionsOf(rule).cutoff))(all);
  return new Set(candidates.filter((_, i) => y[i] === 1).map((c) => c.id));
}

/** One row of the lesson's table: a category's counts and the audit's numbers for it. */
export interface CategoryRow {
  readonly category: string;
  readonly n: number;
  readonly selected: number;
  readonly rate: number | undefined;
  readonly impactRatio: number | undefined;
  readonly belowFourFifths: boolean;
}

export function categoryRows(results: OutcomesResults): CategoryRow[] {
  return results.groupings[0].categories.map((c) => ({
    category: c.category,
    n: c.n,
    selected: c.selected,
    rate: estimateOf(c.selection_rate),
    impactRatio: estimateOf(c.impact_ratio),
    belowFourFifths: c.four_fifths,
  }));
}

/**
 * The rule's two sides on the counts for the category with the lowest impact ratio against the
 * highest category (METRICS.md §10): flagged when 5 · sel_g · n_top < 4 · sel_top · n_g. The
 * audit decides the flag; this writes out the comparison it made, for the lesson's text.
 * undefined when no category has a lower rate than the highest.
 */
export function countComparison(results: OutcomesResults): { low: CategoryRow; top: CategoryRow; left: number; right: number } | undefined {
  const rows = categoryRows(results);
  const top = rows.find((r) => r.category === results.groupings[0].highest);
  const low = rows.filter((r) => r !== top && r.impactRatio !== undefined).sort((a, b) => a.impactRatio! - b.impactRatio!)[0];
  if (!top || !low || low.impactRatio === 1) return undefined;
  return { low, top, left: 5 * low.selected * top.n, right: 4 * top.selected * low.n };
}

/**
 * Which rows count as selected (METRICS.md §10): the 0/1 selection itself; a score at or above a
 * cut-off c (y = 1 iff s ≥ c); or, for scores without a cut-off, the scoring rate of NYC Local
 * Law 144 (6 RCNY §5-300): y = 1 iff s is strictly above the median score of all rows of the
 * sample — a score equal to the median is not above it.
 */
import type { Decisions } from '../../formats/decisions.ts';
import { medianAt } from './median.ts';

export type SelectionRule =
  | { readonly kind: 'selected' }
  | { readonly kind: 'cutoff'; readonly cutoff: number }
  | { readonly kind: 'scoring-rate' }
  /** A shortlist: the k highest scores of each job (ties by row order), or of all rows without a job column. */
  | { readonly kind: 'top-k'; readonly k: number }
  /** A selection rate: the `share` of all rows with the highest scores (ties by row order). */
  | { readonly kind: 'rate'; readonly share: number };

/** The rules a score can be read by beside a cut-off and the scoring rate. */
export type ScoreRule = Extract<SelectionRule, { kind: 'top-k' } | { kind: 'rate' }>;

/**
 * The rule for a decisions table: its selection column, else its score with `cutoff` when one
 * is given, else the scoring rate.
 * @throws {RangeError} for a cut-off with a selection column, or a cut-off that is not finite.
 */
export function selectionRuleOf(decisions: Decisions, cutoff: number | undefined, scoreRule?: ScoreRule): SelectionRule {
  if (decisions.decision.kind === 'selected') {
    if (cutoff !== undefined || scoreRule) throw new RangeError('a cut-off, a shortlist or a selection rate applies to a score column, not to a 0/1 selection');
    return { kind: 'selected' };
  }
  if (scoreRule) {
    if (cutoff !== undefined) throw new RangeError('give a cut-off or a shortlist / selection rate, not both');
    if (scoreRule.kind === 'top-k' && !(Number.isInteger(scoreRule.k) && scoreRule.k >= 1)) throw new RangeError(`k must be an integer ≥ 1, got ${scoreRule.k}`);
    if (scoreRule.kind === 'rate' && !(scoreRule.share > 0 && scoreRule.share <= 1)) throw new RangeError(`the selection rate must be in (0, 1], got ${scoreRule.share}`);
    return scoreRule;
  }
  if (cutoff === undefined) return { kind: 'scoring-rate' };
  if (!Number.isFinite(cutoff)) throw new RangeError(`the cut-off must be a finite number, got ${cutoff}`);
  return { kind: 'cutoff', cutoff };
}

/** The selections of one sample: y[r] for every row id r, and the median used (NaN unless the scoring rate). */
export interface SampleSelections {
  readonly y: Uint8Array;
  readonly median: number;
}

/**
 * A function from a sample's row indices (with repetition) to its selections. For a selection
 * column or a cut-off they are fixed and computed once; for the scoring rate the median is that
 * of the sample's scores, so it is recomputed for each bootstrap resample. The returned `y` is
 * reused between calls.
 * @example selectionsOf(decisions, { kind: 'scoring-rate' })(Uint32Array.of(0, 1, 2)).median
 */
export function selectionsOf(decisions: Decisions, rule: SelectionRule): (rows: Uint32Array) => SampleSelections {
  const d = decisions.decision;
  if (rule.kind === 'selected') {
    if (d.kind !== 'selected') throw new RangeError('the selection rule needs a 0/1 selection column');
    const fixed = { y: d.selected, median: NaN };
    return () => fixed;
  }
  if (d.kind !== 'score') throw new RangeError(`the ${rule.kind} rule needs a score column`);
  const scores = d.scores;
  const y = new Uint8Array(scores.length);
  if (rule.kind === 'cutoff') {
    for (let r = 0; r < scores.length; r++) y[r] = scores[r] >= rule.cutoff ? 1 : 0;
    const fixed = { y, median: NaN };
    return () => fixed;
  }
  if (rule.kind === 'top-k' || rule.kind === 'rate') {
    y.set(rankSelections(scores, rule.kind === 'top-k' ? decisions.job?.values : undefined, rule));
    const fixed = { y, median: NaN };
    return () => fixed;
  }
  return (rows) => {
    const median = medianAt(scores, rows);
    for (let r = 0; r < scores.length; r++) y[r] = scores[r] > median ? 1 : 0;
    return { y, median };
  };
}

/**
 * The rows a shortlist or a selection rate selects: within each job (or over all rows), rows in
 * order of score, highest first, ties by row order; the first k of each job, or the first
 * ceil(share · n) of all rows. Fixed for a sample: a drawn job brings all its rows, so its
 * shortlist does not change.
 * @example rankSelections(Float64Array.of(3, 9, 5, 9), ['a', 'a', 'b', 'b'], { kind: 'top-k', k: 1 }) // Uint8Array [0, 1, 0, 1]
 * @example rankSelections(Float64Array.of(3, 9, 5, 9), undefined, { kind: 'rate', share: 0.5 }) // Uint8Array [0, 1, 0, 1]
 */
export function rankSelections(scores: ArrayLike<number>, jobs: readonly string[] | undefined, rule: ScoreRule): Uint8Array {
  const n = scores.length;
  const y = new Uint8Array(n);
  const byJob = new Map<string, number[]>();
  for (let r = 0; r < n; r++) {
    const key = rule.kind === 'top-k' && jobs ? jobs[r] : '';
    const list = byJob.get(key);
    if (list) list.push(r);
    else byJob.set(key, [r]);
  }
  for (const rows of byJob.values()) {
    rows.sort((a, b) => scores[b] - scores[a] || a - b);
    const take = rule.kind === 'top-k' ? rule.k : Math.ceil(rule.share * n);
    for (let i = 0; i < Math.min(take, rows.length); i++) y[rows[i]] = 1;
  }
  return y;
}

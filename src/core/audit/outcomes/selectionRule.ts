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
  | { readonly kind: 'scoring-rate' };

/**
 * The rule for a decisions table: its selection column, else its score with `cutoff` when one
 * is given, else the scoring rate.
 * @throws {RangeError} for a cut-off with a selection column, or a cut-off that is not finite.
 */
export function selectionRuleOf(decisions: Decisions, cutoff: number | undefined): SelectionRule {
  if (decisions.decision.kind === 'selected') {
    if (cutoff !== undefined) throw new RangeError('a cut-off applies to a score column, not to a 0/1 selection');
    return { kind: 'selected' };
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
  return (rows) => {
    const median = medianAt(scores, rows);
    for (let r = 0; r < scores.length; r++) y[r] = scores[r] > median ? 1 : 0;
    return { y, median };
  };
}

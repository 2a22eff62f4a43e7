import { CANDIDATES, CUTOFF_STEP, START_CUTOFF, categoryRows, countComparison, fourFifthsResult, selectedIds, type LessonRule } from './fourFifthsExample.ts';

/** State of the four-fifths lesson: the rule (a cut-off, or the scoring rate) and the audit's numbers under it. */
export class FourFifthsLessonState {
  kind = $state<LessonRule['kind']>('cutoff');
  cutoff = $state(START_CUTOFF);
  rule = $derived<LessonRule>(this.kind === 'cutoff' ? { kind: 'cutoff', cutoff: this.cutoff } : { kind: 'scoring-rate' });
  result = $derived(fourFifthsResult(this.rule));
  rows = $derived(categoryRows(this.result));
  selected = $derived(selectedIds(this.rule));
  comparison = $derived(countComparison(this.result));
  readonly candidates = CANDIDATES;
  readonly step = CUTOFF_STEP;

  setCutoff(value: number): void {
    this.cutoff = value;
  }
}

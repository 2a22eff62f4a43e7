import { CV_SCORES, PENALTY_MAX, SCREENING_K, screeningResult } from './screeningExample.ts';

/** State of the screening-bias lesson: the penalty the model gives the female variant. */
export class ScreeningLessonState {
  readonly k = SCREENING_K;
  readonly max = PENALTY_MAX;
  readonly scores = CV_SCORES;
  penalty = $state(0);
  result = $derived(screeningResult(this.penalty));

  setPenalty(value: number): void {
    this.penalty = Math.max(0, Math.min(PENALTY_MAX, Math.round(value)));
  }
}

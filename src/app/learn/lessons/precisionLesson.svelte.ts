import { PRECISION_DOCS, PRECISION_K, THRESHOLD_MAX, THRESHOLD_MIN, precisionAndMrr } from './precisionExample.ts';

/** State of the precision/MRR lesson: the relevance threshold τ and the kernel's P@5 and MRR@5. */
export class PrecisionLessonState {
  readonly docs = PRECISION_DOCS;
  readonly k = PRECISION_K;
  readonly min = THRESHOLD_MIN;
  readonly max = THRESHOLD_MAX;
  threshold = $state(THRESHOLD_MIN);
  result = $derived(precisionAndMrr(PRECISION_DOCS, PRECISION_K, this.threshold));

  setThreshold(value: number): void {
    this.threshold = Math.max(THRESHOLD_MIN, Math.min(THRESHOLD_MAX, Math.round(value)));
  }
}

import { DEFAULT_THRESHOLD, TEST_SPLIT, TUNE_SPLIT, atThreshold, tunedThreshold } from './balancedExample.ts';

/** State of the balanced-accuracy lesson: the decision threshold and its test-split results. */
export class BalancedLessonState {
  readonly tune = TUNE_SPLIT;
  readonly test = TEST_SPLIT;
  readonly tuned = tunedThreshold(TUNE_SPLIT);
  readonly tunedBalancedAccuracy = atThreshold(TUNE_SPLIT, this.tuned).balancedAccuracy;
  threshold = $state(DEFAULT_THRESHOLD);
  result = $derived(atThreshold(TEST_SPLIT, this.threshold));
  tuneResult = $derived(atThreshold(TUNE_SPLIT, this.threshold));

  setThreshold(value: number): void {
    this.threshold = Math.max(0, Math.min(100, Math.round(value)));
  }

  useTuned(): void {
    this.threshold = this.tuned;
  }
}

import { ICC_CVS, MAX_RUNS, iccResult, runScores } from './iccExample.ts';

export const NOISE_MAX = 20;

/** State of the ICC lesson: how many runs were made and how noisy the model is. */
export class IccLessonState {
  readonly cvs = ICC_CVS;
  readonly maxRuns = MAX_RUNS;
  runs = $state(1);
  noise = $state(8);
  scores = $derived(runScores(this.runs, this.noise));
  result = $derived(iccResult(this.scores, this.runs));

  addRun(): void {
    if (this.runs < MAX_RUNS) this.runs++;
  }

  setRuns(value: number): void {
    this.runs = Math.max(1, Math.min(MAX_RUNS, Math.round(value)));
  }

  setNoise(value: number): void {
    this.noise = Math.max(0, Math.min(NOISE_MAX, value));
  }

  score(cv: number, run: number): number {
    return this.scores[cv * this.runs + run];
  }
}

import { BASE_TESTS, EXTRA_TESTS, Q_LEVEL, adjustFamily } from './bhExample.ts';

/** State of the Benjamini–Hochberg lesson: whether four null tests join the family. */
export class BhLessonState {
  readonly level = Q_LEVEL;
  withExtra = $state(false);
  tests = $derived(this.withExtra ? [...BASE_TESTS, ...EXTRA_TESTS] : BASE_TESTS);
  results = $derived(adjustFamily(this.tests, Q_LEVEL));
  significant = $derived(this.results.filter((t) => t.significant).length);
  rawSignificant = $derived(this.results.filter((t) => t.rawSignificant).length);

  toggleExtra(): void {
    this.withExtra = !this.withExtra;
  }
}

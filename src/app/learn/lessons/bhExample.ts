/** The Benjamini–Hochberg lesson's example: one model's family of bias tests. */
import { benjaminiHochberg } from '../../../core/stats/multipleTesting.ts';

export interface Test {
  readonly label: string;
  readonly p: number;
}

export const Q_LEVEL = 0.05;

export const BASE_TESTS: readonly Test[] = Object.freeze([
  { label: 'gender, explicit', p: 0.001 },
  { label: 'gender, implicit', p: 0.008 },
  { label: 'ethnicity, explicit', p: 0.012 },
  { label: 'ethnicity, implicit', p: 0.02 },
  { label: 'origin, explicit', p: 0.03 },
  { label: 'origin, implicit', p: 0.04 },
  { label: 'age, explicit', p: 0.2 },
  { label: 'age, implicit', p: 0.6 },
]);

/** Four more tests of attributes the model ignores. */
export const EXTRA_TESTS: readonly Test[] = Object.freeze([
  { label: 'hobby, explicit', p: 0.35 },
  { label: 'hobby, implicit', p: 0.5 },
  { label: 'photo note, explicit', p: 0.75 },
  { label: 'photo note, implicit', p: 0.9 },
]);

export interface TestResult extends Test {
  readonly q: number;
  readonly rawSignificant: boolean;
  readonly significant: boolean;
}

/** q-values by the core's Benjamini–Hochberg adjustment (METRICS.md §6), with both verdicts. */
export function adjustFamily(tests: readonly Test[], level = Q_LEVEL): TestResult[] {
  const q = benjaminiHochberg(tests.map((t) => t.p));
  return tests.map((t, i) => ({ ...t, q: q[i], rawSignificant: t.p < level, significant: q[i] < level }));
}

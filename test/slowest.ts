/**
 * A vitest reporter beside the default one: at the end of `npm test`'s unit run, the ten slowest
 * tests with their files, so a developer sees where the suite's time goes (issue 34). It reports;
 * it never fails a run.
 */
import type { Reporter, TestCase } from 'vitest/node';
import { relative } from 'node:path';

export default class SlowestTests implements Reporter {
  readonly #times: { name: string; file: string; ms: number }[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const ms = testCase.diagnostic()?.duration;
    if (ms !== undefined) this.#times.push({ name: testCase.fullName, file: relative(process.cwd(), testCase.module.moduleId), ms });
  }

  onTestRunEnd(): void {
    if (this.#times.length === 0) return;
    const top = [...this.#times].sort((a, b) => b.ms - a.ms).slice(0, 10);
    console.log(`\nThe ten slowest of ${this.#times.length} unit tests:`);
    for (const t of top) console.log(`${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.file} › ${t.name}`);
  }
}

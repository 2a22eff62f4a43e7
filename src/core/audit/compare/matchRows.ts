/**
 * Which rows of a baseline run a candidate run's rows are compared with
 * (`fairground compare --baseline A --candidate B`, `check --baseline`).
 */
import type { ComparedRows } from './rows.ts';

/**
 * The (baseline, candidate) row pairs of two runs of `data`: each candidate
 * row is paired with the baseline row of the same task and model id; when the
 * baseline has no model of that id on the task, with every baseline row of
 * the task. When the runs share no task (two datasets with other task names),
 * tasks are matched by their order in each run instead.
 * @example matchedPairs(comparedRows([{ label: 'A', results: bm25 }, { label: 'B', results: tfidf }]), 0, 1) // [[0, 1]]
 */
export function matchedPairs(data: ComparedRows, baselineRun: number, candidateRun: number): [number, number][] {
  const rowsOf = (run: number) => data.rows.map((r, i) => ({ r, i })).filter(({ r }) => r.run === run);
  const base = rowsOf(baselineRun);
  const cand = rowsOf(candidateRun);
  const tasksOf = (list: typeof base) => [...new Set(list.map(({ r }) => r.task))];
  const [tb, tc] = [tasksOf(base), tasksOf(cand)];
  const shared = tc.some((t) => tb.includes(t));
  const baseTask = (task: string) => (shared ? task : tb[tc.indexOf(task)]);
  const pairs: [number, number][] = [];
  for (const { r, i } of cand) {
    const task = baseTask(r.task);
    const onTask = base.filter(({ r: b }) => b.task === task);
    const same = onTask.filter(({ r: b }) => b.model.id === r.model.id);
    for (const { i: b } of same.length > 0 ? same : onTask) pairs.push([b, i]);
  }
  return pairs;
}

/**
 * The row of `baselineRun` a row is checked against (`check --baseline`): the
 * pairs matchedPairs gives it, when there is exactly one.
 * @returns the baseline row index, or a message saying why there is none (or more than one).
 */
export function baselineRowOf(data: ComparedRows, baselineRun: number, row: number): number | string {
  const pairs = matchedPairs(data, baselineRun, data.rows[row].run).filter(([, c]) => c === row);
  const r = data.rows[row];
  if (pairs.length === 1) return pairs[0][0];
  const models = data.rows.filter((b) => b.run === baselineRun).map((b) => `${b.model.id} (${b.task})`);
  return pairs.length === 0
    ? `the baseline has no row for task "${r.task}" (it has ${models.join(', ') || 'none'})`
    : `the baseline has no model "${r.model.id}" on task "${r.task}" and several others (${models.join(', ')}): keep one model per task in the baseline`;
}

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

/** An audit kind as a sentence names it. */
const KIND_WORDS: Readonly<Record<string, string>> = Object.freeze({ 'retrieval-fairness': 'a retrieval-fairness audit', screening: 'a screening audit', outcomes: 'a group-outcome audit' });

/** A run's dataset as a sentence names it: `freelance-twins 1.0.0`. */
const datasetWords = (d: { readonly id: string; readonly version: string }) => `${d.id} ${d.version}`.trim() || 'no named dataset';

/**
 * Why run `baselineRun` of `data` cannot be the baseline of run `run`
 * (`check --baseline`), or undefined when it can: a baseline must be the same
 * kind of audit on the same dataset version (id, version, and manifest SHA-256
 * where both know it) and report every task the results report. Each rule is
 * then checked against the baseline's row of the same task (baselineRowOf);
 * rows are never matched across tasks by their order, as `compare` may.
 * @example baselineMismatch(comparedRows([{ label: 'r', results: retrieval }, { label: 'b', results: screening }]), 0, 1)
 *   // 'the baseline is a screening audit; the results are a retrieval-fairness audit: a baseline must be the same kind of audit on the same dataset and task'
 */
export function baselineMismatch(data: ComparedRows, run: number, baselineRun: number): string | undefined {
  const [r, b] = [data.runs[run], data.runs[baselineRun]];
  const must = 'a baseline must be the same kind of audit on the same dataset and task';
  if (r.kind !== b.kind) return `the baseline is ${KIND_WORDS[b.kind] ?? b.kind}; the results are ${KIND_WORDS[r.kind] ?? r.kind}: ${must}`;
  const [dr, db] = [r.dataset, b.dataset];
  if (dr.id !== db.id || dr.version !== db.version) {
    return `the baseline is on dataset ${datasetWords(db)}; the results are on ${datasetWords(dr)}: ${must}`;
  }
  if (dr.manifestSha256 !== '' && db.manifestSha256 !== '' && dr.manifestSha256 !== db.manifestSha256) {
    return `the baseline and the results are on different builds of ${datasetWords(dr)} (their manifests' SHA-256 differ): ${must}`;
  }
  const tasksOf = (n: number) => [...new Set(data.rows.filter((row) => row.run === n).map((row) => row.task))];
  const baseTasks = tasksOf(baselineRun);
  const missing = tasksOf(run).filter((t) => !baseTasks.includes(t));
  if (missing.length > 0) {
    const list = (ts: readonly string[]) => ts.map((t) => `"${t}"`).join(', ') || 'none';
    return `the baseline audits task ${list(baseTasks)}; the results audit ${list(missing)}, which it does not: ${must}`;
  }
  return undefined;
}

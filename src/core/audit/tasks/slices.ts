/**
 * The slices the benchmark reports for each task: by input source (the
 * records' `source`) and by candidate-pool size (1–8, 9–16, 17+ candidates;
 * ranking and retrieval tasks). A slice is scored with its task's statistic
 * on its records; a classification slice (binary, similarity) whose
 * references hold a single class is reported as that class's recall — for
 * the negative class of a binary task, the rejection rate — since balanced
 * accuracy and macro-F1 are not what they claim on one class.
 */
import type { TaskKind, TaskPredictions } from '../../metrics/tasks.ts';
import { classScore, weightedTaskScore, type PreparedTask } from '../../metrics/taskStatistic.ts';

/** The metric a slice value is, by task kind (or the single-class rule). */
export type SliceMetric = 'rouge_l' | 'composite' | 'micro_f1' | 'path_score' | 'balanced_accuracy' | 'macro_f1' | 'retrieval_mean' | 'ndcg@5' | 'recall' | 'rejection_rate';

/** One slice: its score on 0–100 (undefined when nothing in it is scored), what it is, and its records. */
export interface SliceScore {
  readonly score: number | undefined;
  readonly metric: SliceMetric;
  readonly n: number;
}

export interface TaskSlices {
  readonly source?: Readonly<Record<string, SliceScore>>;
  readonly pool_size?: Readonly<Record<string, SliceScore>>;
}

const METRIC: Readonly<Record<TaskKind, SliceMetric>> = Object.freeze({
  generation: 'rouge_l', span: 'micro_f1', path: 'path_score', binary: 'balanced_accuracy', similarity: 'macro_f1', retrieval: 'retrieval_mean', ranking: 'ndcg@5',
});

/**
 * The pool-size bin of a group of `n` candidates.
 * @example poolSizeBin(9) // '9-16'
 */
export function poolSizeBin(n: number): '1-8' | '9-16' | '17+' {
  return n <= 8 ? '1-8' : n <= 16 ? '9-16' : '17+';
}

function sliceScore(t: TaskPredictions, p: PreparedTask, member: Uint8Array): SliceScore {
  let n = 0;
  const classes = new Set<number>();
  member.forEach((m, i) => {
    if (!m) return;
    n++;
    if (p.classes && p.scored[i]) classes.add(p.classes.reference[i]);
  });
  if (p.classes && classes.size === 1) {
    const [only] = classes;
    const metric = t.task.kind === 'binary' && only === 0 ? 'rejection_rate' : 'recall';
    return { score: 100 * classScore(p, member, true), metric, n };
  }
  const v = weightedTaskScore(p, member);
  return { score: Number.isNaN(v) ? undefined : 100 * v, metric: t.task.composite ? 'composite' : METRIC[t.task.kind], n };
}

function sliceBy(t: TaskPredictions, p: PreparedTask, key: (i: number) => string | undefined): Record<string, SliceScore> {
  const keys = [...new Set(t.records.map((_, i) => key(i)).filter((k): k is string => k !== undefined))];
  return Object.fromEntries(keys.map((k) => [k, sliceScore(t, p, Uint8Array.from(t.records, (_, i) => (key(i) === k ? 1 : 0)))]));
}

/**
 * The by-source and by-pool-size slices of a task (each only where the
 * records carry it; undefined when neither applies).
 * @example taskSlices(t, prepareTask(t, 'benchmark'))?.pool_size?.['1-8'].score
 */
export function taskSlices(t: TaskPredictions, p: PreparedTask): TaskSlices | undefined {
  const hasSource = t.records.some((r) => r.source !== undefined);
  const grouped = (t.task.kind === 'ranking' || t.task.kind === 'retrieval') && t.records.some((r) => r.candidates !== undefined);
  if (!hasSource && !grouped) return undefined;
  const bins = ['1-8', '9-16', '17+'];
  const pool = grouped ? sliceBy(t, p, (i) => (t.records[i].candidates ? poolSizeBin(t.records[i].candidates!.length) : undefined)) : undefined;
  return {
    ...(hasSource ? { source: sliceBy(t, p, (i) => t.records[i].source) } : {}),
    ...(pool ? { pool_size: Object.fromEntries(bins.filter((b) => b in pool).map((b) => [b, pool[b]])) } : {}),
  };
}

/**
 * The score vector of a set of tasks from record weights — every task, every
 * capability present and Overall (METRICS.md §9) — and its component
 * bootstrap (core/stats/componentBootstrap.ts). The one computation behind
 * the point scores, their CIs and the paired comparisons.
 */
import { CAPABILITIES, type Capability, type TaskPredictions } from '../../metrics/tasks.ts';
import { prepareTask, weightedTaskScore, type MissingRule, type PreparedTask } from '../../metrics/taskStatistic.ts';
import { componentBootstrap, componentStrata, type ResamplingUnits } from '../../stats/componentBootstrap.ts';
import { entityComponents } from '../../stats/entityComponents.ts';
import type { VectorInterval } from '../../stats/vectorInterval.ts';

/** The tasks reduced for scoring, with where each task's records sit in the global weight vector. */
export interface ScoringPlan {
  readonly names: readonly string[];
  readonly prepared: readonly PreparedTask[];
  readonly offsets: readonly number[];
  /** The capabilities with a scorable task, in report order, and each one's tasks (indices). */
  readonly capabilities: readonly { readonly capability: Capability; readonly tasks: readonly number[] }[];
  readonly records: number;
}

/**
 * Reduces every task under `rule`. A task none of whose records is scored
 * (all left out) belongs to no capability.
 * @example scoringPlan(tasks, 'benchmark').capabilities.map((c) => c.capability) // ['Generation', 'Ranking']
 */
export function scoringPlan(tasks: readonly TaskPredictions[], rule: MissingRule): ScoringPlan {
  const prepared = tasks.map((t) => prepareTask(t, rule));
  const offsets: number[] = [];
  let records = 0;
  for (const p of prepared) {
    offsets.push(records);
    records += p.n;
  }
  const capabilities = CAPABILITIES.map((capability) => ({
    capability,
    tasks: tasks.flatMap((t, k) => (t.task.capability === capability && prepared[k].scored.some((s) => s === 1) ? [k] : [])),
  })).filter((c) => c.tasks.length > 0);
  return { names: tasks.map((t) => t.task.name), prepared, offsets, capabilities, records };
}

/** Length of the score vector: tasks, then capabilities, then Overall. */
export const scoreVectorSize = (plan: ScoringPlan) => plan.prepared.length + plan.capabilities.length + 1;

/**
 * Fills `out` (scoreVectorSize long) with every task's score, each
 * capability's (mean of its tasks) and Overall (mean of the capabilities), on
 * 0–100, at the given global record weights. NaN where undefined.
 */
export function scoreVector(plan: ScoringPlan, weights: Uint32Array, out: Float64Array): void {
  const t = plan.prepared.length;
  plan.prepared.forEach((p, k) => (out[k] = 100 * weightedTaskScore(p, weights.subarray(plan.offsets[k], plan.offsets[k] + p.n))));
  let overall = 0;
  plan.capabilities.forEach((c, j) => {
    let sum = 0;
    for (const k of c.tasks) sum += out[k];
    out[t + j] = sum / c.tasks.length;
    overall += out[t + j];
  });
  out[t + plan.capabilities.length] = plan.capabilities.length ? overall / plan.capabilities.length : NaN;
}

/**
 * The resampling units of a set of tasks: records linked by shared entity
 * ids form components (entityComponents over every record of every task),
 * stratified by the set of tasks they touch.
 */
export function taskUnits(tasks: readonly TaskPredictions[]): ResamplingUnits {
  const entities = tasks.flatMap((t) => t.records.map((r) => r.entities));
  const group = Uint32Array.from(tasks.flatMap((t, k) => t.records.map(() => k)));
  return componentStrata(entityComponents(entities), group);
}

/** The bootstrap settings of the multi-task scores. */
export interface TaskBootstrapOptions {
  readonly resamples: number;
  readonly seed: number;
}

/**
 * The score vector with its 95% component-bootstrap CIs.
 * @example bootstrapScoreVector(tasks, scoringPlan(tasks, 'benchmark'), { resamples: 10000, seed: 0 }).ci
 */
export function bootstrapScoreVector(tasks: readonly TaskPredictions[], plan: ScoringPlan, options: TaskBootstrapOptions): VectorInterval {
  return componentBootstrap(taskUnits(tasks), scoreVectorSize(plan), (w, out) => scoreVector(plan, w, out), options);
}

/** The score vector at weights all 1 (no resampling). */
export function pointScoreVector(plan: ScoringPlan): Float64Array {
  const out = new Float64Array(scoreVectorSize(plan));
  scoreVector(plan, new Uint32Array(plan.records).fill(1), out);
  return out;
}

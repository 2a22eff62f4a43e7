/**
 * Paired comparisons of two or more systems' predictions folders on the
 * common complete subset (the benchmark's paired analysis): for each task
 * declared by every system, the records whose id every system has and that
 * no system's output is left out of (under the missing-output rule). On that
 * subset each pair (A, B) gets the gain B − A of every task, capability and
 * Overall with a paired 95% component-bootstrap CI (the same resampled
 * units for both), and win/tie/loss counts with the denominator: per item
 * where the task's score is a mean of per-item scores, and over tasks; two
 * scores tie when equal after rounding to 4 decimals on the 0–1 scale (half
 * up), as the benchmark's table of wins, ties and losses does.
 */
import type { TaskKind, TaskPredictions, TaskRecord } from '../../metrics/tasks.ts';
import { leftOut, type MissingRule } from '../../metrics/taskStatistic.ts';
import { componentBootstrap } from '../../stats/componentBootstrap.ts';
import { pointScoreVector, scoreVector, scoreVectorSize, scoringPlan, taskUnits, type ScoringPlan, type TaskBootstrapOptions } from './scores.ts';

/** One system: a name (its folder) and its tasks. */
export interface SystemPredictions {
  readonly name: string;
  readonly tasks: readonly TaskPredictions[];
}

/** Wins (B above A), ties and losses, and what they are counted over. */
export interface WinTieLoss {
  readonly wins: number;
  readonly ties: number;
  readonly losses: number;
  readonly of: number;
}

/** A gain B − A with both sides and its CI. */
export interface Gain {
  readonly a: number | undefined;
  readonly b: number | undefined;
  readonly gain: number | undefined;
  readonly ci?: readonly [number, number];
}

export interface PairComparison {
  readonly a: string;
  readonly b: string;
  readonly tasks: Readonly<Record<string, Gain & { readonly items?: WinTieLoss }>>;
  readonly capabilities: Readonly<Record<string, Gain>>;
  readonly overall: Gain;
  /** Over the common tasks with a score on both sides. */
  readonly task_wtl: WinTieLoss;
}

export interface MultiTaskComparison {
  readonly systems: readonly string[];
  readonly missing_rule: MissingRule;
  readonly bootstrap?: { readonly resamples: number; readonly seed: number; readonly level: 0.95 };
  /** Per common task: records in the common complete subset, and records of the first system left out of it. */
  readonly subset: Readonly<Record<string, { readonly n: number; readonly n_excluded: number }>>;
  /** Tasks some system does not declare: not compared. */
  readonly tasks_not_in_all: readonly string[];
  readonly comparisons: readonly PairComparison[];
}

/** Half-up rounding to 4 decimals, the tie rule (applied to scores on 0–1). */
export const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/**
 * Win/tie/loss of b against a, entry by entry, on scores on the 0–1 scale,
 * after rounding to 4 decimals (so 0.50004 and 0.5 tie; 0.5001 and 0.5 do not).
 * @example winTieLoss([0.5, 0.60001], [0.55, 0.6]) // { wins: 1, ties: 1, losses: 0, of: 2 }
 */
export function winTieLoss(a: ArrayLike<number>, b: ArrayLike<number>): WinTieLoss {
  let wins = 0;
  let ties = 0;
  let losses = 0;
  for (let i = 0; i < a.length; i++) {
    const d = round4(b[i]) - round4(a[i]);
    if (d > 0) wins++;
    else if (d < 0) losses++;
    else ties++;
  }
  return { wins, ties, losses, of: a.length };
}

const MEAN_KINDS: readonly TaskKind[] = ['generation', 'path', 'retrieval', 'ranking'];

/** The systems' tasks cut to the common complete subset, in the first system's record order. */
function commonSubset(systems: readonly SystemPredictions[], rule: MissingRule) {
  const [first, ...rest] = systems;
  const declared = (s: SystemPredictions, name: string) => s.tasks.find((t) => t.task.name === name);
  const common = first.tasks.filter((t) => rest.every((s) => declared(s, t.task.name)));
  for (const t of common) {
    for (const s of rest) {
      const other = declared(s, t.task.name)!.task;
      if (other.kind !== t.task.kind || other.capability !== t.task.capability) {
        throw new RangeError(`task "${t.task.name}" is declared differently by ${first.name} and ${s.name}`);
      }
    }
  }
  const allNames = new Set(systems.flatMap((s) => s.tasks.map((t) => t.task.name)));
  const notInAll = [...allNames].filter((n) => !common.some((t) => t.task.name === n));
  const byId = systems.map((s) => new Map(common.map((t) => [t.task.name, new Map(declared(s, t.task.name)!.records.map((r) => [r.id, r]))])));
  const subset: Record<string, { n: number; n_excluded: number }> = {};
  const cut = systems.map(() => [] as TaskPredictions[]);
  for (const t of common) {
    const ids = t.records.map((r) => r.id).filter((id) => byId.every((m) => {
      const r = m.get(t.task.name)!.get(id);
      return r !== undefined && !leftOut(t.task.kind, r, rule);
    }));
    subset[t.task.name] = { n: ids.length, n_excluded: t.records.length - ids.length };
    if (ids.length === 0) continue;
    systems.forEach((s, k) => {
      const records: TaskRecord[] = ids.map((id) => {
        const r = byId[k].get(t.task.name)!.get(id)!;
        const entities = [...new Set(byId.flatMap((m) => m.get(t.task.name)!.get(id)!.entities ?? []))];
        return entities.length ? { ...r, entities } : r;
      });
      cut[k].push({ task: declared(s, t.task.name)!.task, records });
    });
  }
  return { cut, subset, notInAll };
}

const num = (x: number) => (Number.isNaN(x) ? undefined : x);

/**
 * Compares every pair of systems (i < j: B = the later one) on the common complete subset.
 * @throws {RangeError} for fewer than two systems or a task declared differently.
 * @example compareSystems([{ name: 'A', tasks: a }, { name: 'B', tasks: b }], 'benchmark', { resamples: 10000, seed: 0 }).comparisons[0].overall.ci
 */
export function compareSystems(systems: readonly SystemPredictions[], rule: MissingRule, options: TaskBootstrapOptions): MultiTaskComparison {
  if (systems.length < 2) throw new RangeError('a comparison needs two or more systems');
  const { cut, subset, notInAll } = commonSubset(systems, rule);
  const plans: ScoringPlan[] = cut.map((tasks) => scoringPlan(tasks, rule));
  const size = scoreVectorSize(plans[0]);
  const pairs: [number, number][] = [];
  for (let i = 0; i < systems.length; i++) for (let j = i + 1; j < systems.length; j++) pairs.push([i, j]);
  const points = plans.map(pointScoreVector);
  const scratch = plans.map(() => new Float64Array(size));
  const boot = options.resamples > 0 && plans[0].records > 0
    ? componentBootstrap(taskUnits(cut[0]), pairs.length * size, (w, out) => {
        plans.forEach((p, k) => scoreVector(p, w, scratch[k]));
        pairs.forEach(([i, j], q) => {
          for (let e = 0; e < size; e++) out[q * size + e] = scratch[j][e] - scratch[i][e];
        });
      }, options)
    : undefined;
  const T = plans[0].prepared.length;
  const comparisons = pairs.map(([i, j], q): PairComparison => {
    const gain = (e: number): Gain => {
      const ci = boot && boot.defined[q * size + e] > 0 ? boot.ci[q * size + e] : undefined;
      return { a: num(points[i][e]), b: num(points[j][e]), gain: num(points[j][e] - points[i][e]), ...(ci ? { ci } : {}) };
    };
    const tasks: Record<string, Gain & { items?: WinTieLoss }> = {};
    plans[0].names.forEach((name, e) => {
      const [pa, pb] = [plans[i].prepared[e], plans[j].prepared[e]];
      const items = MEAN_KINDS.includes(pa.kind) ? winTieLoss(pa.values!, pb.values!) : undefined;
      tasks[name] = { ...gain(e), ...(items ? { items } : {}) };
    });
    const capabilities = Object.fromEntries(plans[0].capabilities.map((c, k) => [c.capability, gain(T + k)]));
    const scored = plans[0].names.map((_, e) => e).filter((e) => !Number.isNaN(points[i][e]) && !Number.isNaN(points[j][e]));
    return {
      a: systems[i].name,
      b: systems[j].name,
      tasks,
      capabilities,
      overall: gain(T + plans[0].capabilities.length),
      // The task scores are on 0–100; the tie rule reads them on 0–1.
      task_wtl: winTieLoss(scored.map((e) => points[i][e] / 100), scored.map((e) => points[j][e] / 100)),
    };
  });
  return {
    systems: systems.map((s) => s.name),
    missing_rule: rule,
    ...(boot ? { bootstrap: { resamples: options.resamples, seed: options.seed, level: 0.95 as const } } : {}),
    subset,
    tasks_not_in_all: notInAll,
    comparisons,
  };
}

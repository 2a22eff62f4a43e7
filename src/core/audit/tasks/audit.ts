/**
 * The multi-task scoring audit (DESIGN.md, third protocol; METRICS.md §9):
 * a predictions folder (docs/predictions-format.md) read through a port,
 * scored per task, per capability and Overall under a missing-output rule,
 * with seeded component-bootstrap 95% CIs, the baselines of the ranking and
 * retrieval tasks, composite components, slices, and how Overall moves
 * between the two missing-output rules. `fairground eval tasks` prints this
 * object and the Predictions view shows it.
 */
import { FormatError, parseFile } from '../../formats/formatError.ts';
import { parseTaskDeclarations, parseTaskRecords } from '../../formats/predictions.ts';
import { taskBaselines, type TaskBaselines } from '../../metrics/taskBaselines.ts';
import { weightedMean, type MissingRule, type PreparedTask } from '../../metrics/taskStatistic.ts';
import { CAPABILITIES, type Capability, type TaskKind, type TaskPredictions } from '../../metrics/tasks.ts';
import { bootstrapScoreVector, pointScoreVector, scoreVectorSize, scoringPlan, type TaskBootstrapOptions } from './scores.ts';
import { taskSlices, type TaskSlices } from './slices.ts';

/** The composite's components on 0–100, over the task's scored records. */
export interface CompositeComponents {
  readonly rouge_l: number;
  readonly rubric: number;
  readonly verdict_accuracy?: number;
}

/** One task's score, with its CI, baselines, components and slices where it has them. */
export interface TaskScore {
  readonly kind: TaskKind;
  readonly capability: Capability;
  /** 0–100; undefined when every record was left out. */
  readonly score: number | undefined;
  /** The 95% bootstrap CI (absent without resampling). */
  readonly ci?: readonly [number, number];
  /** Records scored. */
  readonly n: number;
  /** Records left out by the missing-output rule. */
  readonly n_left_out: number;
  readonly components?: CompositeComponents;
  readonly baselines?: TaskBaselines;
  readonly slices?: TaskSlices;
}

/** How the scores were resampled, so a run can be repeated. */
export interface BootstrapRecord {
  readonly resamples: number;
  readonly seed: number;
  readonly level: 0.95;
  /** 'components' when entity ids link records, else 'records' (each group or record its own unit). */
  readonly unit: 'components' | 'records';
}

export interface MultiTaskResults {
  readonly tasks: Readonly<Record<string, TaskScore>>;
  readonly capabilities: Partial<Record<Capability, number>>;
  readonly capability_cis?: Partial<Record<Capability, readonly [number, number]>>;
  /** Mean over the capabilities present; undefined when none is. */
  readonly overall: number | undefined;
  readonly overall_ci?: readonly [number, number];
  readonly missing_capabilities: readonly Capability[];
  readonly missing_rule: MissingRule;
  readonly bootstrap?: BootstrapRecord;
  /** Overall under both rules and worst − benchmark: how much the score leans on missing outputs. */
  readonly refusal_sensitivity: { readonly benchmark: number | undefined; readonly worst: number | undefined; readonly difference: number | undefined };
}

/** What `multiTaskResults` computes: the missing-output rule and the bootstrap (resamples 0: none). */
export interface MultiTaskOptions extends TaskBootstrapOptions {
  readonly missing: MissingRule;
}

/** 10,000 resamples, seed 0, the benchmark's missing-output rule. */
export const MULTITASK_DEFAULTS: MultiTaskOptions = Object.freeze({ resamples: 10000, seed: 0, missing: 'benchmark' });

/** Reads a file of the predictions folder by name (`tasks.json`, `<task>.jsonl`). */
export type PredictionFileReader = (name: string) => Promise<string>;

/**
 * Reads `tasks.json` and each declared task's `<name>.jsonl`.
 * @throws {FormatError} naming the file and line of the first bad record.
 */
export async function readPredictions(read: PredictionFileReader): Promise<TaskPredictions[]> {
  const declarations = parseFile('tasks.json', await read('tasks.json'), parseTaskDeclarations);
  const tasks: TaskPredictions[] = [];
  for (const task of declarations) {
    const file = `${task.name}.jsonl`;
    tasks.push({ task, records: parseFile(file, await read(file), (text) => parseTaskRecords(task.kind, text, task.composite)) });
  }
  return tasks;
}

const defined = (x: number) => (Number.isNaN(x) ? undefined : x);

function components(p: PreparedTask): CompositeComponents | undefined {
  if (!p.components) return undefined;
  const ones = new Uint8Array(p.n).fill(1);
  const at = (x: Float64Array) => 100 * weightedMean(x, p.scored, ones);
  const { rougeL, rubric, verdict } = p.components;
  return { rouge_l: at(rougeL), rubric: at(rubric), ...(verdict ? { verdict_accuracy: at(verdict) } : {}) };
}

/**
 * Scores every task, then capabilities and Overall, with CIs (unless
 * resamples is 0), baselines, composite components, slices and the
 * refusal-sensitivity line.
 * @throws {RangeError} for two tasks of one name, or bootstrap options out of range.
 * @example multiTaskResults(tasks, { resamples: 10000, seed: 0, missing: 'benchmark' }).overall_ci
 */
export function multiTaskResults(tasks: readonly TaskPredictions[], options: MultiTaskOptions = MULTITASK_DEFAULTS): MultiTaskResults {
  const names = new Set<string>();
  for (const t of tasks) {
    if (names.has(t.task.name)) throw new RangeError(`task "${t.task.name}" declared twice`);
    names.add(t.task.name);
  }
  const plan = scoringPlan(tasks, options.missing);
  const boot = options.resamples > 0 ? bootstrapScoreVector(tasks, plan, options) : undefined;
  const point = boot?.estimate ?? pointScoreVector(plan);
  const ci = (k: number) => (boot && boot.defined[k] > 0 ? boot.ci[k] : undefined);
  const T = tasks.length;
  const perTask: Record<string, TaskScore> = {};
  tasks.forEach((t, k) => {
    const p = plan.prepared[k];
    const n = p.scored.reduce((a, b) => a + b, 0);
    const baselines = taskBaselines(t);
    const comp = components(p);
    const slices = taskSlices(t, p);
    const taskCi = ci(k);
    perTask[t.task.name] = {
      kind: t.task.kind,
      capability: t.task.capability,
      score: defined(point[k]),
      ...(taskCi ? { ci: taskCi } : {}),
      n,
      n_left_out: p.n - n,
      ...(comp ? { components: comp } : {}),
      ...(baselines ? { baselines } : {}),
      ...(slices ? { slices } : {}),
    };
  });
  const capabilities: Partial<Record<Capability, number>> = {};
  const capabilityCis: Partial<Record<Capability, readonly [number, number]>> = {};
  plan.capabilities.forEach((c, j) => {
    capabilities[c.capability] = point[T + j];
    const interval = ci(T + j);
    if (interval) capabilityCis[c.capability] = interval;
  });
  const o = T + plan.capabilities.length;
  const overall = defined(point[o]);
  const overallCi = ci(o);
  // The other rule's Overall sits at the end of its own vector: a rule may leave a capability with no score, so the two plans can differ in length.
  const otherPlan = scoringPlan(tasks, options.missing === 'benchmark' ? 'worst' : 'benchmark');
  const other = defined(pointScoreVector(otherPlan)[scoreVectorSize(otherPlan) - 1]);
  const [benchmark, worst] = options.missing === 'benchmark' ? [overall, other] : [other, overall];
  const unit = tasks.some((t) => t.records.some((r) => r.entities?.length)) ? 'components' : 'records';
  const bootstrap: BootstrapRecord | undefined = boot ? { resamples: options.resamples, seed: options.seed, level: 0.95, unit } : undefined;
  return {
    tasks: perTask,
    capabilities,
    ...(boot ? { capability_cis: capabilityCis } : {}),
    overall,
    ...(overallCi ? { overall_ci: overallCi } : {}),
    missing_capabilities: CAPABILITIES.filter((c) => !(c in capabilities)),
    missing_rule: options.missing,
    ...(bootstrap ? { bootstrap } : {}),
    refusal_sensitivity: { benchmark, worst, difference: benchmark !== undefined && worst !== undefined ? worst - benchmark : undefined },
  };
}

/**
 * Reads and scores a predictions folder given as file name → text (the
 * browser's picked files).
 * @throws {FormatError} naming the file (and line) that is missing or bad.
 * @example await scorePredictionFiles({ 'tasks.json': '…', 'fit.jsonl': '…' }, { resamples: 1000, seed: 0, missing: 'benchmark' })
 */
export async function scorePredictionFiles(files: Readonly<Record<string, string>>, options: MultiTaskOptions = MULTITASK_DEFAULTS): Promise<MultiTaskResults> {
  return multiTaskResults(await readPredictions(filesReader(files)), options);
}

/** A reader over file name → text. @throws {FormatError} for a name that is not there. */
export function filesReader(files: Readonly<Record<string, string>>): PredictionFileReader {
  return async (name: string) => {
    if (!(name in files)) throw new FormatError('no such file in the predictions folder', undefined, name);
    return files[name];
  };
}

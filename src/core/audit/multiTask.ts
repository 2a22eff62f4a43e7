/**
 * The multi-task scoring audit (DESIGN.md, third protocol; METRICS.md §9):
 * a predictions folder (docs/predictions-format.md) read through a port,
 * scored per task, per capability and Overall, with the baselines of the
 * ranking and retrieval tasks. `fairground eval tasks` prints this object
 * and the Predictions view shows it.
 */
import { FormatError, parseFile } from '../formats/formatError.ts';
import { parseTaskDeclarations, parseTaskRecords } from '../formats/predictions.ts';
import { taskBaselines, type TaskBaselines } from '../metrics/taskBaselines.ts';
import { scoreTasks, type Capability, type TaskKind, type TaskPredictions } from '../metrics/tasks.ts';

/** One task's score, with its baselines where it has them. */
export interface TaskScore {
  readonly kind: TaskKind;
  readonly capability: Capability;
  readonly score: number;
  readonly n: number;
  readonly baselines?: TaskBaselines;
}

export interface MultiTaskResults {
  readonly tasks: Readonly<Record<string, TaskScore>>;
  readonly capabilities: Partial<Record<Capability, number>>;
  /** Mean over the capabilities present; null when none is. */
  readonly overall: number | null;
  readonly missing_capabilities: readonly Capability[];
}

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
    tasks.push({ task, records: parseFile(file, await read(file), (text) => parseTaskRecords(task.kind, text)) });
  }
  return tasks;
}

/** Scores every task, then capabilities and Overall (scoreTasks), with the baselines. */
export function multiTaskResults(tasks: readonly TaskPredictions[]): MultiTaskResults {
  const report = scoreTasks(tasks);
  const perTask: Record<string, TaskScore> = {};
  for (const t of tasks) {
    const baselines = taskBaselines(t);
    perTask[t.task.name] = baselines ? { ...report.tasks[t.task.name], baselines } : report.tasks[t.task.name];
  }
  return { tasks: perTask, capabilities: report.capabilities, overall: report.overall ?? null, missing_capabilities: report.missingCapabilities };
}

/**
 * Reads and scores a predictions folder given as file name → text (the
 * browser's picked files).
 * @throws {FormatError} naming the file (and line) that is missing or bad.
 */
export async function scorePredictionFiles(files: Readonly<Record<string, string>>): Promise<MultiTaskResults> {
  const read = async (name: string) => {
    if (!(name in files)) throw new FormatError('no such file in the predictions folder', undefined, name);
    return files[name];
  };
  return multiTaskResults(await readPredictions(read));
}

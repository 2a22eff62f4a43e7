import type { Command } from '../command.ts';
import { requiredOption } from '../args.ts';
import { parseTaskDeclarations, parseTaskRecords } from '../../core/formats/predictions.ts';
import { expectedNdcgSinglePositive, expectedRetrievalGroupScore, inputOrderRanking } from '../../core/baselines/permutation.ts';
import { scoreTask, scoreTasks, type TaskPredictions, type TaskRecord } from '../../core/metrics/tasks.ts';
import { parseInput } from './parseInput.ts';

/**
 * Baselines of a ranking or retrieval task on 0–100: the exact expected score
 * of a uniform random permutation of each line's candidates, and the score of
 * the candidates in input order. undefined for other kinds, or when a line's
 * candidates are missing, repeated, or (retrieval) do not hold all its relevant ids.
 */
export function taskBaselines({ task, records }: TaskPredictions): { random: number; input_order: number } | undefined {
  if (task.kind !== 'ranking' && task.kind !== 'retrieval') return undefined;
  const covered = (r: TaskRecord) =>
    r.candidates !== undefined && new Set(r.candidates).size === r.candidates.length &&
    (task.kind === 'ranking' || (r.reference as string[]).every((id) => r.candidates!.includes(id)));
  if (!records.every(covered)) return undefined;
  const random = records.map((r) =>
    task.kind === 'ranking'
      ? expectedNdcgSinglePositive(r.candidates!.length, 5)
      : expectedRetrievalGroupScore(r.candidates!.length, new Set(r.reference as string[]).size),
  );
  const inputOrder = records.map((r) => ({ ...r, prediction: inputOrderRanking(r.candidates!) }));
  return {
    random: (100 * random.reduce((a, b) => a + b, 0)) / random.length,
    input_order: scoreTask(task.kind, inputOrder),
  };
}

/**
 * `fairground eval tasks`: multi-task scores of imported predictions
 * (METRICS.md §9; folder format in docs/predictions-format.md). Output:
 * `tasks` (per task: kind, capability, score 0–100, n, and for ranking and
 * retrieval tasks with candidates the `baselines`), `capabilities`,
 * `overall`, `missing_capabilities`.
 */
export const tasksCommand: Command = {
  name: 'tasks',
  usage: 'eval tasks --predictions DIR',
  summary: 'Per-task, per-capability and overall scores of a predictions folder (EHR-Bench style)',
  async run(args, io) {
    const dir = requiredOption(args, 'predictions').replace(/\/+$/, '');
    const declarations = await parseInput(io, `${dir}/tasks.json`, parseTaskDeclarations);
    const tasks: TaskPredictions[] = [];
    for (const task of declarations) {
      const records = await parseInput(io, `${dir}/${task.name}.jsonl`, (text) => parseTaskRecords(task.kind, text));
      tasks.push({ task, records });
    }
    const report = scoreTasks(tasks);
    const perTask: Record<string, unknown> = {};
    for (const t of tasks) {
      const baselines = taskBaselines(t);
      perTask[t.task.name] = baselines ? { ...report.tasks[t.task.name], baselines } : report.tasks[t.task.name];
    }
    return {
      tasks: perTask,
      capabilities: report.capabilities,
      overall: report.overall ?? null,
      missing_capabilities: report.missingCapabilities,
    };
  },
};

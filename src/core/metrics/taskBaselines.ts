/**
 * Baselines of a ranking or retrieval task of the multi-task scores
 * (METRICS.md §9.4): the exact expected score of a uniform random
 * permutation of each line's candidates, and the score of the candidates in
 * input order.
 */
import { expectedNdcgSinglePositive, expectedRetrievalGroupScore, inputOrderRanking } from '../baselines/permutation.ts';
import { scoreTask, type TaskPredictions, type TaskRecord } from './tasks.ts';

/** The two baselines, on 0–100. */
export interface TaskBaselines {
  readonly random: number;
  readonly input_order: number;
}

/**
 * undefined for other kinds, or when a line's candidates are missing,
 * repeated, or (retrieval) do not hold all its relevant ids.
 */
export function taskBaselines({ task, records }: TaskPredictions): TaskBaselines | undefined {
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

/**
 * Baselines of a ranking or retrieval task of the multi-task scores
 * (METRICS.md §9.4): the exact expected score of a uniform random
 * permutation of each line's candidates, the score of the candidates in
 * input order and, where every line carries its anchor's and candidates'
 * prompt-visible texts, the character-bigram TF-IDF baseline (idf fitted on
 * the task's unique texts; core/metrics/tfidfBigramBaseline.ts).
 */
import { expectedNdcgSinglePositive, expectedRetrievalGroupScore, inputOrderRanking } from '../baselines/permutation.ts';
import { tfidfRankings } from './tfidfBigramBaseline.ts';
import { scoreTask, type TaskPredictions, type TaskRecord } from './tasks.ts';

/** The two baselines, on 0–100. */
export interface TaskBaselines {
  readonly random: number;
  readonly input_order: number;
  /** The TF-IDF baseline; absent when a line lacks `anchor` or `candidate_texts`. */
  readonly tfidf?: number;
}

/**
 * The baselines of a ranking or retrieval task.
 * @example taskBaselines({ task: { name: 'k', kind: 'ranking', capability: 'Ranking' }, records })?.random
 * @returns undefined for other kinds, or when a line's candidates are missing,
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
  const withTexts = records.every((r) => r.anchor !== undefined && r.candidateTexts !== undefined);
  const tfidf = withTexts
    ? tfidfRankings(records.map((r) => ({ anchor: r.anchor!, candidates: r.candidates!, candidateTexts: r.candidateTexts! })))
    : undefined;
  return {
    random: (100 * random.reduce((a, b) => a + b, 0)) / random.length,
    input_order: scoreTask(task.kind, inputOrder),
    ...(tfidf ? { tfidf: scoreTask(task.kind, records.map((r, i) => ({ ...r, prediction: tfidf[i].ranking }))) } : {}),
  };
}

/** The NDCG lesson's example: six graded documents in a ranking the reader reorders. */
import { scoreQuery } from '../../../core/metrics/retrieval.ts';
import type { Scored } from '../../../core/ranking.ts';

export interface GradedDoc {
  readonly id: string;
  readonly title: string;
  /** Judged grade 0–3. */
  readonly grade: number;
}

/** Six profiles for one brief, with their grades; listed in the lesson's starting (imperfect) order. */
export const NDCG_DOCS: readonly GradedDoc[] = Object.freeze([
  { id: 'd1', title: 'Backend developer, 2 years', grade: 1 },
  { id: 'd2', title: 'Senior Go engineer', grade: 3 },
  { id: 'd3', title: 'Graphic designer', grade: 0 },
  { id: 'd4', title: 'Platform engineer', grade: 2 },
  { id: 'd5', title: 'Data analyst', grade: 0 },
  { id: 'd6', title: 'Site reliability engineer', grade: 2 },
]);

export const NDCG_K = 5;

/**
 * The ranking as the retrieval kernel sees it: the document at position i
 * (0-based) gets score n − i, so the kernel's order is the list's order.
 */
export function rankingAsRun(order: readonly string[]): Scored[] {
  return order.map((id, i) => ({ id, score: order.length - i }));
}

/** NDCG@k of a ranking of `docs` (linear gain), by the retrieval kernel (METRICS.md §1). */
export function ndcgOfOrder(order: readonly string[], docs: readonly GradedDoc[], k: number): number {
  const judgments = new Map(docs.map((d) => [d.id, d.grade]));
  return scoreQuery(rankingAsRun(order), judgments, { ks: [k], threshold: 1, gain: 'linear' })[0];
}

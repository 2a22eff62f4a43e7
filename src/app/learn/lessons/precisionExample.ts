/** The precision/MRR lesson's example: one ranked list, graded 0–3, and a relevance threshold τ. */
import { scoreQuery } from '../../../core/metrics/retrieval.ts';
import { rankingAsRun, type GradedDoc } from './ndcgExample.ts';

/** Eight profiles in rank order (rank 1 first) with their judged grades. */
export const PRECISION_DOCS: readonly GradedDoc[] = Object.freeze([
  { id: 'r1', title: 'Office manager', grade: 0 },
  { id: 'r2', title: 'Junior Python developer', grade: 1 },
  { id: 'r3', title: 'Python developer, 4 years', grade: 2 },
  { id: 'r4', title: 'Copywriter', grade: 0 },
  { id: 'r5', title: 'Senior Python engineer', grade: 3 },
  { id: 'r6', title: 'QA tester', grade: 1 },
  { id: 'r7', title: 'Accountant', grade: 0 },
  { id: 'r8', title: 'Django developer', grade: 2 },
]);

export const PRECISION_K = 5;
export const THRESHOLD_MIN = 1;
export const THRESHOLD_MAX = 3;

export interface PrecisionAndMrr {
  readonly precision: number;
  readonly mrr: number;
}

/** P@k and MRR@k of the list in its given order at threshold τ, by the retrieval kernel (METRICS.md §1). */
export function precisionAndMrr(docs: readonly GradedDoc[], k: number, threshold: number): PrecisionAndMrr {
  const judgments = new Map(docs.map((d) => [d.id, d.grade]));
  const run = rankingAsRun(docs.map((d) => d.id));
  // scoreQuery returns RETRIEVAL_METRICS × ks, metric-major: ndcg, p, mrr, recall, map.
  const out = scoreQuery(run, judgments, { ks: [k], threshold, gain: 'linear' });
  return { precision: out[1], mrr: out[2] };
}

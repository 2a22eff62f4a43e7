/**
 * The "Who gets seen" lesson's example (METRICS.md §12, issue 50): ten invented candidates, five
 * of group A and five of group B, ranked three ways. Every number comes from core's group-fairness
 * kernel (scoreGroupFairnessQuery), its summary (summarizeGroupFairness: pooled Skew@k, MinSkew
 * and MaxSkew) and its attention curve — the functions the retrieval audit runs per query.
 */
import {
  attentionCurve,
  groupFairnessOptions,
  scoreGroupFairnessQuery,
  summarizeGroupFairness,
  type AttentionCurve,
  type GroupFairnessSummary,
  type QueryGroupFairness,
} from '../../../core/metrics/groupFairness/index.ts';

export interface Candidate {
  readonly id: string;
  readonly group: 'A' | 'B';
}

/** Ten invented candidates: A1 … A5 and B1 … B5. */
export const CANDIDATES: readonly Candidate[] = Object.freeze([
  ...[1, 2, 3, 4, 5].map((i) => Object.freeze({ id: `A${i}`, group: 'A' as const })),
  ...[1, 2, 3, 4, 5].map((i) => Object.freeze({ id: `B${i}`, group: 'B' as const })),
]);

/** The cut depth K (the whole list) and the Skew cut-offs the lesson reads. */
export const LESSON_K = 10;
export const SKEW_KS: readonly number[] = Object.freeze([3, 5]);

export type RankingId = 'alternating' | 'a-first' | 'b-first-a-tail';

/** The three rankings, in the order the lesson offers them. */
export const RANKINGS: readonly { readonly id: RankingId; readonly label: string; readonly order: readonly string[] }[] = Object.freeze([
  { id: 'alternating', label: 'Alternating', order: ['A1', 'B1', 'A2', 'B2', 'A3', 'B3', 'A4', 'B4', 'A5', 'B5'] },
  { id: 'a-first', label: 'All A first', order: ['A1', 'A2', 'A3', 'A4', 'A5', 'B1', 'B2', 'B3', 'B4', 'B5'] },
  { id: 'b-first-a-tail', label: 'B first, A in the tail', order: ['B1', 'A1', 'B2', 'B3', 'B4', 'B5', 'A2', 'A3', 'A4', 'A5'] },
]);

const groupOf = new Map(CANDIDATES.map((c) => [c.id, c.group]));
/** The pool: five of each group, so the target (the pool's shares) is ½ and ½. */
const POOL: ReadonlyMap<string, number> = new Map([
  ['A', 5],
  ['B', 5],
]);
const OPTIONS = groupFairnessOptions({ k: LESSON_K, skewKs: [...SKEW_KS] });

/** What the lesson shows of one ranking: the kernel's record, the summary over it, and its attention curve. */
export interface LessonNumbers {
  readonly record: QueryGroupFairness;
  readonly summary: GroupFairnessSummary;
  readonly curve: AttentionCurve;
}

/**
 * The numbers of a ranking of the ten candidates (ids, rank 1 first), by core's functions: one
 * query whose pool is the ten, target the pool's shares.
 * @example lessonNumbers(RANKINGS[1].order).summary['awrf@10'] // 0.984 (all A first)
 */
export function lessonNumbers(order: readonly string[]): LessonNumbers {
  const record = scoreGroupFairnessQuery({ ranked: order, labelOf: (id) => groupOf.get(id), pool: POOL }, OPTIONS);
  return { record, summary: summarizeGroupFairness([record], OPTIONS), curve: attentionCurve([record], OPTIONS) };
}

/** Which of the three rankings an order is, if any (the reader may have moved a candidate). */
export function rankingOf(order: readonly string[]): RankingId | undefined {
  return RANKINGS.find((r) => r.order.length === order.length && r.order.every((id, i) => id === order[i]))?.id;
}

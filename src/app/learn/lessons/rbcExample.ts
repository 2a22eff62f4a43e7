/** The RBC lesson's example: win counts of twin pairs, most of them tied. */
import { rankBiserial } from '../../../core/metrics/twinsKernel.ts';

export interface PairCounts {
  /** Pairs where the first group's member (F) has the better substitution rank. */
  readonly winsFirst: number;
  /** Pairs where the other member (M) ranks better. */
  readonly winsSecond: number;
  /** Pairs where both rank the same: they count for neither side. */
  readonly ties: number;
}

/** A language where almost every pair ties: 2 of 48 pairs differ, both for M. */
export const FEW_NON_TIES: PairCounts = Object.freeze({ winsFirst: 0, winsSecond: 2, ties: 46 });

/** For contrast, a language where most pairs differ. */
export const MANY_NON_TIES: PairCounts = Object.freeze({ winsFirst: 20, winsSecond: 24, ties: 4 });

/** RBC of the counts, by the core's rank-biserial function (METRICS.md §3). */
export function rbcOf(c: PairCounts): number {
  return rankBiserial(c.winsFirst, c.winsSecond);
}

/** Pairs in all. */
export function pairTotal(c: PairCounts): number {
  return c.winsFirst + c.winsSecond + c.ties;
}

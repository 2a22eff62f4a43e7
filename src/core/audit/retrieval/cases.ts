/**
 * The cases behind a model's twin numbers (issue 31): the (query, twin pair)s whose profile moved
 * most when its twin took its place, and the pairs that moved in or out of the top k — by
 * identifier, rank and score only. The page looks the texts up in the stored dataset; the cases
 * are kept with a stored result and in `fairground run`'s output, never in a permalink
 * (`summaryOf` drops them), since identifiers are the dataset's.
 *
 * rank is d's rank in the original ranking, twinRank the rank d′ gets when it replaces d alone
 * (the substitution rank of the rank-shift histogram, METRICS.md §3): shift = rank − twinRank,
 * > 0 when the twin ranks higher.
 */

import type { TwinCase, TwinCases } from './results.ts';

export type { TwinCase, TwinCases } from './results.ts';

/** How many cases of each list a result keeps. */
export const CASES_KEPT = 25;

/** A kept case with its place: larger |shift| first, then earlier (unit, pair). */
interface Ranked {
  readonly abs: number;
  readonly order: number;
  readonly value: TwinCase;
}

/** Whether (abs, order) comes before a kept case (no object made: it runs for every pair of every query). */
const before = (abs: number, order: number, b: Ranked) => abs > b.abs || (abs === b.abs && order < b.order);

/**
 * The `limit` best candidates offered, best first. A candidate that cannot enter is refused
 * before its case is made (`make` runs only for the kept), so offering every pair of every
 * query costs a comparison.
 * @example const keep = new KeptCases(2); keep.offer(3, 0, make); keep.offer(5, 1, make); keep.offer(1, 2, make); keep.cases() // the |shift| 5 case, then the 3
 */
export class KeptCases {
  readonly #limit: number;
  readonly #kept: Ranked[] = [];

  constructor(limit = CASES_KEPT) {
    this.#limit = limit;
  }

  /** Whether a candidate of this |shift| and order would enter. */
  wouldKeep(abs: number, order: number): boolean {
    const kept = this.#kept;
    return kept.length < this.#limit || before(abs, order, kept[kept.length - 1]);
  }

  offer(abs: number, order: number, make: () => TwinCase): void {
    if (!this.wouldKeep(abs, order)) return;
    const kept = this.#kept;
    let at = kept.length;
    while (at > 0 && before(abs, order, kept[at - 1])) at--;
    // Made now, while its query's scores are at hand.
    kept.splice(at, 0, { abs, order, value: make() });
    if (kept.length > this.#limit) kept.pop();
  }

  cases(): TwinCase[] {
    return this.#kept.map((r) => r.value);
  }
}

/** Whether a pair moved in or out of the top k: exactly one of rank and twinRank is within k. */
export const flipsTopK = (rank: number, twinRank: number, k: number) => rank <= k !== twinRank <= k;

/** All the cases of a result, each once (a case may be in both lists). */
export function casesOf(cases: TwinCases): TwinCase[] {
  const seen = new Set<string>();
  return [...cases.largestShifts, ...cases.topKFlips].filter((c) => {
    const key = `${c.unit}:${c.pair}`;
    return !seen.has(key) && (seen.add(key), true);
  });
}

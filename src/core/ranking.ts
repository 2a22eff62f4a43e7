/**
 * Ranking under Fairground's tie rule (METRICS.md, "Conventions"):
 * sort by score descending; ties are broken by identifier descending in
 * code-unit order, as trec_eval does. Rank 1 is the top.
 *
 * Every rank in Fairground goes through `compareRanked`, so results are
 * deterministic and identical in the browser and in Node.
 */

/** A scored item: an identifier and its score. */
export interface Scored {
  readonly id: string;
  readonly score: number;
}

/** Code-unit comparison of two identifiers (not locale-aware, on purpose). */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Orders two scored items: negative when `a` ranks above `b`.
 * Higher score first; on equal scores the larger identifier first.
 * @example [{id:'a',score:1},{id:'b',score:1}].sort(compareRanked) // b, a
 */
export function compareRanked(a: Scored, b: Scored): number {
  if (a.score !== b.score) return b.score - a.score;
  return compareIds(b.id, a.id);
}

/**
 * True when (scoreA, idA) ranks strictly above (scoreB, idB) under the tie rule.
 */
export function ranksAbove(scoreA: number, idA: string, scoreB: number, idB: string): boolean {
  return scoreA > scoreB || (scoreA === scoreB && idA > idB);
}

/** Returns a new array sorted under the tie rule (the input is not changed). */
export function rankItems<T extends Scored>(items: readonly T[]): T[] {
  return [...items].sort(compareRanked);
}

/** The first `k` items under the tie rule (all of them when fewer than k). */
export function topK<T extends Scored>(items: readonly T[], k: number): T[] {
  return rankItems(items).slice(0, Math.max(0, k));
}

/**
 * 1-based rank of every item under the tie rule, keyed by identifier.
 * @throws {Error} when two items share an identifier.
 */
export function ranksById(items: readonly Scored[]): Map<string, number> {
  const ranks = new Map<string, number>();
  rankItems(items).forEach((item, i) => {
    if (ranks.has(item.id)) throw new Error(`duplicate identifier in ranking: ${item.id}`);
    ranks.set(item.id, i + 1);
  });
  return ranks;
}

/**
 * A pool sorted once under the tie rule (METRICS.md, "Conventions"), so that
 * the rank a replacement would take can be found by binary search in
 * O(log n) instead of a scan (substitution ranks of §3, variant ranks of §4).
 *
 * Identifiers are replaced by integer tie keys: `key(a) > key(b)` iff
 * `a > b` in code-unit order, so (score, key) pairs order exactly as
 * `ranksAbove(score, id, ...)` in ranking.ts.
 */
import { compareIds } from '../ranking.ts';

/** A pool sorted under the tie rule. Scores are finite numbers. */
export interface RankedPool {
  /** Pool indices in rank order (rank 1 first). */
  readonly order: Uint32Array;
  /** Scores in rank order. */
  readonly sortedScores: Float64Array;
  /** Tie keys in rank order. */
  readonly sortedKeys: Uint32Array;
  /** 1-based rank of pool item i under the tie rule. */
  readonly rankOf: Uint32Array;
  /** Tie key of pool item i. */
  readonly keys: Uint32Array;
  /** Score of pool item i. */
  readonly scores: Float64Array;
}

/**
 * Tie keys of identifiers: the position of each identifier in ascending
 * code-unit order, so a larger key wins a score tie.
 * @throws {Error} when two identifiers are equal (the tie rule needs them distinct).
 * @example tieKeys(['b', 'a', 'c']) // Uint32Array [1, 0, 2]
 */
export function tieKeys(ids: readonly string[]): Uint32Array {
  const idx = Array.from(ids.keys()).sort((a, b) => compareIds(ids[a], ids[b]));
  const keys = new Uint32Array(ids.length);
  for (let r = 0; r < idx.length; r++) {
    if (r > 0 && ids[idx[r]] === ids[idx[r - 1]]) throw new Error(`duplicate identifier in pool: ${ids[idx[r]]}`);
    keys[idx[r]] = r;
  }
  return keys;
}

/**
 * Sorts a pool once: score descending, then tie key descending.
 * @param scores score of each pool item
 * @param keys tie key of each pool item (see `tieKeys`), distinct
 */
export function rankPool(scores: ArrayLike<number>, keys: ArrayLike<number>): RankedPool {
  const n = scores.length;
  const s = Float64Array.from(scores);
  const k = Uint32Array.from(keys);
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => (s[a] !== s[b] ? s[b] - s[a] : k[b] - k[a]));
  const sortedScores = new Float64Array(n);
  const sortedKeys = new Uint32Array(n);
  const rankOf = new Uint32Array(n);
  for (let r = 0; r < n; r++) {
    const i = order[r];
    sortedScores[r] = s[i];
    sortedKeys[r] = k[i];
    rankOf[i] = r + 1;
  }
  return { order, sortedScores, sortedKeys, rankOf, keys: k, scores: s };
}

/**
 * Number of pool items ranking strictly above a (score, key) pair:
 * #{x : s(x) > score, or s(x) = score and key(x) > key}. Binary search, O(log n).
 */
export function countAbove(pool: RankedPool, score: number, key: number): number {
  const { sortedScores: s, sortedKeys: k } = pool;
  let lo = 0;
  let hi = s.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (s[mid] > score || (s[mid] === score && k[mid] > key)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Substitution rank (METRICS.md §3, §4): the rank that a replacement scored
 * `newScore` takes when it replaces pool item `i` and inherits i's identifier,
 * all other items unchanged: 1 + #{x ≠ i : x ranks above (newScore, key(i))}.
 * @example with scores [3, 2, 1] replacing item 2 by score 2.5 gives rank 2.
 */
export function substitutionRank(pool: RankedPool, i: number, newScore: number): number {
  const key = pool.keys[i];
  const own = pool.scores[i];
  // Item i itself is counted by countAbove iff it ranks above its replacement,
  // i.e. iff its own score is higher (the keys are equal).
  return 1 + countAbove(pool, newScore, key) - (own > newScore ? 1 : 0);
}

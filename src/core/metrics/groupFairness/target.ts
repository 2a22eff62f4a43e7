import type { GroupTarget, LabelOf } from './types.ts';

/**
 * The target distribution t over the pool's groups (METRICS.md §12): the labelled pool's shares
 * ('pool'), the shares among the query's relevant documents ('relevant', from
 * `relevantGroupCounts`; a group without a relevant document gets 0), or 1/|G| each ('equal').
 * undefined when the shares are not defined: no group, or — for 'relevant' — no labelled
 * relevant document (§12 skips and counts such a query).
 * @example targetShares('pool', Float64Array.of(30, 10), undefined) // [0.75, 0.25]
 */
export function targetShares(target: GroupTarget, poolCounts: ArrayLike<number>, relevantCounts: ArrayLike<number> | undefined): Float64Array | undefined {
  const n = poolCounts.length;
  if (n === 0) return undefined;
  if (target === 'equal') return new Float64Array(n).fill(1 / n);
  const counts = target === 'pool' ? poolCounts : relevantCounts;
  if (counts === undefined) return undefined;
  let total = 0;
  for (let g = 0; g < n; g++) total += counts[g];
  if (total === 0) return undefined;
  return Float64Array.from({ length: n }, (_, g) => counts[g] / total);
}

/**
 * The query's labelled relevant documents (grade ≥ τ) per group of `groupIndex`; unlabelled
 * relevant documents are left out, as everywhere in §12.
 * @throws {RangeError} when a relevant document's group has no labelled document in the pool.
 */
export function relevantGroupCounts(judgments: ReadonlyMap<string, number>, threshold: number, labelOf: LabelOf, groupIndex: ReadonlyMap<string, number>): Float64Array {
  const counts = new Float64Array(groupIndex.size);
  for (const [doc, grade] of judgments) {
    if (!(grade >= threshold)) continue;
    const group = labelOf(doc);
    if (group === undefined) continue;
    const g = groupIndex.get(group);
    if (g === undefined) throw new RangeError(`relevant document "${doc}" is labelled "${group}", a group with no labelled document in the pool counts`);
    counts[g]++;
  }
  return counts;
}

import type { LabelOf } from './types.ts';

/** The most groups a ranking's group sequence can index (Uint16Array). */
export const MAX_GROUPS = 65535;

/**
 * L of METRICS.md §12: the first `depth` documents of a ranking, with the unlabelled ones dropped
 * and the ranks closed up. `sequence[r − 1]` is the index (in `groupIndex`) of the group of the
 * document at closed-up rank r, and `positions[r − 1]` its index in `ranked`; `nUnlabelled` counts
 * the documents dropped from the first `depth`.
 * @throws {RangeError} when a labelled document's group is not in `groupIndex` (the pool counts
 * of the query lack a group the ranking holds: the pool and the labels disagree).
 * @example labelledSequence(['a', 'x', 'b'], (id) => ({ a: 'f', b: 'm' })[id], 10, new Map([['f', 0], ['m', 1]])) // { sequence: [0, 1], positions: [0, 2], nUnlabelled: 1 }
 */
export function labelledSequence(
  ranked: readonly string[],
  labelOf: LabelOf,
  depth: number,
  groupIndex: ReadonlyMap<string, number>,
): { sequence: Uint16Array; positions: Uint32Array; nUnlabelled: number } {
  const n = Math.min(depth, ranked.length);
  const sequence = new Uint16Array(n);
  const positions = new Uint32Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const group = labelOf(ranked[i]);
    if (group === undefined) continue;
    const g = groupIndex.get(group);
    if (g === undefined) throw new RangeError(`document "${ranked[i]}" is labelled "${group}", a group with no labelled document in the pool counts`);
    sequence[m] = g;
    positions[m++] = i;
  }
  return { sequence: sequence.slice(0, m), positions: positions.slice(0, m), nUnlabelled: n - m };
}

/**
 * The groups of a pool (those with a count > 0) in code-unit order, and each one's index.
 * @throws {RangeError} for more than 65,535 groups.
 */
export function poolGroups(pool: ReadonlyMap<string, number>): { groups: string[]; index: Map<string, number> } {
  const groups = [...pool].filter(([, count]) => count > 0).map(([group]) => group);
  groups.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (groups.length > MAX_GROUPS) throw new RangeError(`at most ${MAX_GROUPS} groups, got ${groups.length}`);
  return { groups, index: new Map(groups.map((g, i) => [g, i])) };
}

/** How many documents of each group L holds. */
export function groupCounts(sequence: Uint16Array, nGroups: number): Uint32Array {
  const counts = new Uint32Array(nGroups);
  for (const g of sequence) counts[g]++;
  return counts;
}

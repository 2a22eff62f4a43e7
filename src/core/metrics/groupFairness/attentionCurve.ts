import { attentionWeight } from './awrf.ts';
import { allGroups, columnMeans, onAllGroups } from './groupColumns.ts';
import type { AttentionCurve, GroupFairnessOptions, QueryGroupFairness } from './types.ts';

/**
 * The plot of METRICS.md §12's attention: for every cut-off k = 1..K and every group g, the macro
 * mean over queries of g's share of the attention in the top k, Σ_{r ≤ k, g(d_r) = g} w_r /
 * Σ_{r ≤ k} w_r with AWRF's weights w_r = 1 / log2(max(r, 2)) (a query whose L is shorter than k
 * counts its whole L); at k = K it is the summary's attention_share. Over the same queries as
 * AWRF (L not empty, target defined), with t̄_g beside it. Read off the records' group sequences:
 * O(queries · K · |G|) time, O(K · |G|) memory.
 * @example attentionCurve(records, groupFairnessOptions({ k: 10 })).share[0][9] // group 0's mean share of the top 10
 */
export function attentionCurve(records: readonly QueryGroupFairness[], options: GroupFairnessOptions): AttentionCurve {
  const { groups, index } = allGroups(records);
  const share = groups.map(() => new Float64Array(options.k));
  const fair = records.filter((r) => r.awrf !== undefined);
  for (const record of fair) addShares(record, index, share);
  for (const curve of share) for (let i = 0; i < curve.length; i++) curve[i] /= fair.length;
  const target = columnMeans(fair.map((r) => onAllGroups(r, r.target, index, 0)), groups.length);
  return { groups, share, target: Float64Array.from(target, (t) => t ?? 0) };
}

/** Adds one query's attention share of each group at every cut-off to `share` (rows by group, on the list of all groups). */
function addShares(record: QueryGroupFairness, index: ReadonlyMap<string, number>, share: Float64Array[]): void {
  const global = record.groups.map((g) => index.get(g) ?? 0);
  const weight = new Float64Array(record.groups.length);
  const depth = share.length > 0 ? share[0].length : 0;
  let total = 0;
  for (let i = 0; i < depth; i++) {
    if (i < record.sequence.length) {
      const w = attentionWeight(i + 1);
      weight[record.sequence[i]] += w;
      total += w;
    }
    for (let g = 0; g < weight.length; g++) share[global[g]][i] += weight[g] / total;
  }
}

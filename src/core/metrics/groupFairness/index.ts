/**
 * Group fairness of rankings (METRICS.md §12): the public surface. STUBS — the signatures the
 * integration codes against; the implementations follow in files of their own, re-exported here.
 */
import type { Scored } from '../../ranking.ts';
import type {
  AttentionCurve,
  GroupFairnessBootstrap,
  GroupFairnessOptions,
  GroupFairnessOptionsInput,
  GroupFairnessSummary,
  GroupQueryInput,
  LabelOf,
  QueryGroupFairness,
  VerdictWording,
} from './types.ts';

export type * from './types.ts';
export { GROUP_TARGETS } from './types.ts';

const stub = (name: string): never => {
  throw new Error(`${name}: not implemented yet (issue 50)`);
};

/** Validates options and fills defaults (K 100, target 'pool', τ 1, skewKs [10], linear gain). @throws {RangeError} naming the bad option. */
export function groupFairnessOptions(input: GroupFairnessOptionsInput = {}): GroupFairnessOptions {
  return stub(`groupFairnessOptions(${Object.keys(input).length})`);
}

/** The group label of a record from one field, or the intersection of two ("female × senior"); undefined when a field is missing or empty. */
export function groupLabelOf(meta: Readonly<Record<string, unknown>>, fields: readonly [string] | readonly [string, string]): string | undefined {
  return stub(`groupLabelOf(${Object.keys(meta).length}, ${fields.length})`);
}

/** The labelled documents of a pool by group, and how many have no label. */
export function poolGroupCounts(ids: Iterable<string>, labelOf: LabelOf): { counts: Map<string, number>; nUnlabelled: number } {
  return stub(`poolGroupCounts(${typeof ids}, ${typeof labelOf})`);
}

/** The ids of the first k scored items under the tie rule (ranking.ts), in rank order. */
export function rankedIds(items: readonly Scored[], k: number): string[] {
  return stub(`rankedIds(${items.length}, ${k})`);
}

/** The per-query kernel of §12: one query's ranked list read once. @throws {RangeError} when a ranked document's group is not in the pool counts. */
export function scoreGroupFairnessQuery(input: GroupQueryInput, options: GroupFairnessOptions): QueryGroupFairness {
  return stub(`scoreGroupFairnessQuery(${input.ranked.length}, ${options.k})`);
}

/** Macro means (with bootstrap CIs over queries when `bootstrap` is given), pooled Skew@k, skip counts. */
export function summarizeGroupFairness(records: readonly QueryGroupFairness[], options: GroupFairnessOptions, bootstrap?: GroupFairnessBootstrap): GroupFairnessSummary {
  return stub(`summarizeGroupFairness(${records.length}, ${options.k}, ${bootstrap?.resamples})`);
}

/** The mean attention share per group at every cut-off 1..K, for the plot. */
export function attentionCurve(records: readonly QueryGroupFairness[], options: GroupFairnessOptions): AttentionCurve {
  return stub(`attentionCurve(${records.length}, ${options.k})`);
}

/** The verdict sentence: the group furthest below its target share, by how many percentage points, with AWRF and its CI. */
export function groupFairnessVerdict(summary: GroupFairnessSummary, wording: VerdictWording): string {
  return stub(`groupFairnessVerdict(${summary.k}, ${wording.subject})`);
}

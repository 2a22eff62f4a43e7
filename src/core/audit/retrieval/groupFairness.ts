/**
 * One model's group fairness of rankings on one subset (METRICS.md §12): the summary over the
 * audited queries (macro means with the run's bootstrap, pooled Skew@k), the attention curve the
 * plot draws, and the verdict in words. What the results object, the page, the report and the
 * permalink read; summary numbers only, no document id.
 */
import { attentionCurve, groupFairnessVerdict, summarizeGroupFairness, type GroupFairnessOptions, type GroupFairnessSummary, type QueryGroupFairness } from '../../metrics/groupFairness/index.ts';

/** A model's group fairness in a results object. */
export interface ModelGroupFairness {
  /** §12's summary (types.ts of core/metrics/groupFairness gives its JSON shape). */
  readonly summary: GroupFairnessSummary;
  /** Mean attention share per group at every cut-off 1..K (share[g][k − 1]), with the mean target share per group. */
  readonly curve: { readonly groups: readonly string[]; readonly share: readonly (readonly number[])[]; readonly target: readonly number[] };
  /** The verdict: the group furthest below its target share, by how much, with AWRF and its CI. */
  readonly verdict: string;
}

/**
 * @param subject The model's name in the verdict ("In BM25's top 10, …").
 * @param bootstrap B of the run (0: plain means, no CIs); `seed` its seed.
 */
export function modelGroupFairness(subject: string, options: GroupFairnessOptions, records: readonly QueryGroupFairness[], bootstrap: number, seed: number): ModelGroupFairness {
  const summary = summarizeGroupFairness(records, options, bootstrap > 0 ? { resamples: bootstrap, seed } : undefined);
  const curve = attentionCurve(records, options);
  return {
    summary,
    curve: { groups: [...curve.groups], share: curve.share.map((row) => Array.from(row)), target: Array.from(curve.target) },
    verdict: groupFairnessVerdict(summary, { subject }),
  };
}

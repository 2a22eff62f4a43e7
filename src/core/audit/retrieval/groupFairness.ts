/**
 * One model's group fairness of rankings on one subset (METRICS.md §12): the summary over the
 * audited queries (macro means with the run's bootstrap, pooled Skew@k), the attention curve the
 * plot draws, and the verdict in words. What the results object, the page, the report and the
 * permalink read; summary numbers only, no document id.
 */
import { attentionCurve, groupFairnessVerdict, summarizeGroupFairness, type GroupFairnessOptions, type QueryGroupFairness } from '../../metrics/groupFairness/index.ts';
import type { ModelGroupFairness } from './results.ts';


/**
 * @param subject The model's name in the verdict ("In BM25's top 10, …").
 * @param by The fields the documents were grouped by.
 * @param pool What the pool target is read off, in the verdict ("in the corpus", "in the CV pools").
 * @param bootstrap B of the run (0: plain means, no CIs); `seed` its seed.
 */
export function modelGroupFairness(subject: string, by: readonly string[], options: GroupFairnessOptions, records: readonly QueryGroupFairness[], bootstrap: number, seed: number, pool = 'corpus'): ModelGroupFairness {
  const summary = summarizeGroupFairness(records, options, bootstrap > 0 ? { resamples: bootstrap, seed } : undefined);
  const curve = attentionCurve(records, options);
  return {
    by: [...by],
    summary,
    curve: { groups: [...curve.groups], share: curve.share.map((row) => Array.from(row)), target: Array.from(curve.target) },
    verdict: groupFairnessVerdict(summary, { subject, pool }),
  };
}

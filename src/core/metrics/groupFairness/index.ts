/**
 * Group fairness of rankings (METRICS.md §12): who gets seen. One concept per file; this index
 * only re-exports. The per-query kernel (query.ts) reads one query's ranked list once and returns
 * a small record; summary.ts averages the records and bootstraps over queries; verdict.ts words it.
 */
export type * from './types.ts';
export type { Interval } from '../../stats/bootstrap.ts';
export { GROUP_TARGETS } from './types.ts';
export { DEFAULT_GROUP_K, DEFAULT_SKEW_K, groupFairnessOptions } from './options.ts';
export { INTERSECTION, groupLabelOf, poolGroupCounts } from './groupLabel.ts';
export { groupCounts, labelledSequence, poolGroups } from './labelledRanking.ts';
export { relevantGroupCounts, targetShares } from './target.ts';
export { exposureAt, exposureRatio, groupExposure, minMaxRatio } from './exposure.ts';
export { disparateTreatment } from './disparateTreatment.ts';
export { attentionDistribution, attentionWeight, awrf, jensenShannonDivergence } from './awrf.ts';
export { klDivergence, ndkl } from './ndkl.ts';
export { pooledSkew, skewRange, topSlots } from './skew.ts';
export { rankedIds, scoreGroupFairnessQuery } from './query.ts';
export { at, summarizeGroupFairness } from './summary.ts';
export { skewSummary } from './skewSummary.ts';
export type { SkewReport } from './skewSummary.ts';
export { attentionCurve } from './attentionCurve.ts';
export { groupFairnessVerdict } from './verdict.ts';

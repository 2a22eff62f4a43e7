/** The public surface of core/audit/outcomes/: what the adapters and the other audit folders use. */
export { FOUR_FIFTHS, SMALL_CATEGORY_SHARE, auditOutcomes } from './audit.ts';
export type { OutcomesOptions } from './audit.ts';
export { COUNTS_PER_CATEGORY, countCategories } from './categoryCounts.ts';
export { GROUPING_STATISTICS, STATISTICS_PER_CATEGORY, groupingStatistics, groupingVectorLength } from './groupingStatistics.ts';
export { categoryName, groupingOf, groupingsOf } from './groupings.ts';
export type { Grouping } from './groupings.ts';
export { decisionsColumns, runOutcomesAudit } from './input.ts';
export type { OutcomesColumns, OutcomesRequest, OutcomesRun } from './input.ts';
export { medianAt } from './median.ts';
export { candidateUnits, jobUnits } from './resampleUnits.ts';
export type { ResampleUnit, ResampleUnits } from './resampleUnits.ts';
export type { OutcomeGrouping, OutcomeNumber, OutcomesResults } from './results.ts';
export { selectionRuleOf, selectionsOf } from './selectionRule.ts';
export type { SampleSelections, SelectionRule } from './selectionRule.ts';

export { auditOutcomes, SMALL_CATEGORY_SHARE, FOUR_FIFTHS, type OutcomesOptions } from './audit.ts';
export { runOutcomesAudit, decisionsColumns, type OutcomesRequest, type OutcomesRun, type OutcomesColumns } from './input.ts';
export { groupingsOf, groupingOf, categoryName, type Grouping } from './groupings.ts';
export { selectionRuleOf, selectionsOf, type SelectionRule, type SampleSelections } from './selectionRule.ts';
export { countCategories, COUNTS_PER_CATEGORY } from './categoryCounts.ts';
export { groupingStatistics, groupingVectorLength, STATISTICS_PER_CATEGORY, GROUPING_STATISTICS } from './groupingStatistics.ts';
export { candidateUnits, jobUnits, type ResampleUnit, type ResampleUnits } from './resampleUnits.ts';
export { medianAt } from './median.ts';
export type * from './results.ts';

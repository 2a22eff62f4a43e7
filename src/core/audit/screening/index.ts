/** The public surface of core/audit/screening/: what the adapters and the other audit folders use. */
export { screeningAudit } from './audit.ts';
export type { ScreeningHeader } from './audit.ts';
export { costPer1000Calls } from './cost.ts';
export type { Price } from './cost.ts';
export { isScreeningTask, loadScreening, screeningTunePairs, selectScreeningTask } from './data.ts';
export type { LoadedScreening, ScreeningSample } from './data.ts';
export { effectStatistics, familyTests } from './effectTests.ts';
export { SCREENING_DEFAULTS, screeningWorkList } from './input.ts';
export type { ScreeningAuditOptions, ScreeningModelScores, ScreeningParts, ScreeningWorkList } from './input.ts';
export { parseScreeningResults } from './results.ts';
export type { ChanceTest, ScreeningAttributeOutcomes, ScreeningModelDescriptor, ScreeningModelResult, ScreeningResults, TestedCi } from './results.ts';
export { scoreScreening } from './scoring.ts';
export { CHANCE_LEVEL, effectCvs } from './sections.ts';
export { thresholdMetrics } from './thresholdMetrics.ts';
export { effectAnchor, effectCounts, screeningVerdicts } from './verdict.ts';
export { DEFAULT_SHORTLIST, screeningOutcomes, variantRuleText } from './variantOutcomes.ts';
export type { VariantRule } from './variantOutcomes.ts';

/** The public surface of core/audit/retrieval/: what the adapters and the other audit folders use. */
export { AUDIT_DEFAULTS, UNJUDGED_REASON, auditOptions, auditSubset, retrievalFairnessResults } from './audit.ts';
export type { ResultsHeader } from './audit.ts';
export { loadRetrieval, selectTasks } from './data.ts';
export type { LoadedRetrieval, LoadedSubset, SelectedTasks } from './data.ts';
export { checkDenseScoring } from './denseCheck.ts';
export { perQueryRows, trecRunLines } from './exports.ts';
export type { PerQueryRow } from './exports.ts';
export type { AuditDocument, AuditModel, AuditOptions, AuditQuery, AuditSubset, AuditTwin, QueryScorer, QueryScores, ScoreTable } from './input.ts';
export { auditModelJob } from './modelAudit.ts';
export type { ModelAuditJob, ModelScoring, ScoredSubset } from './modelAudit.ts';
export { orientRobustness, paretoOfResults } from './pareto.ts';
export type { AuditParetoPoint, ParetoAxes, SubsetPareto } from './pareto.ts';
export { perUnitOf, unitsSha256 } from './perUnit.ts';
export { rankShiftTailShares } from './rankShiftTails.ts';
export { EFFECTIVENESS_FAMILIES, effectivenessKeys, parseResults, summaryOf, twinMetricKeys } from './results.ts';
export type { EffectivenessKey, ModelDescriptor, ModelKind, ModelPerUnit, ModelResult, ModelSummary, ModelTiming, RankShiftBin, ResultsSummary, RetrievalFairnessResults, SubsetResult, TwinMetrics } from './results.ts';
export { BASELINE_DESCRIPTORS, bm25Scorer, denseScorer, documentText, materialize, matrixScorer, tfidfScorer, timingOf, twinText } from './scoring.ts';
export type { SubsetTexts, SubsetVectors } from './scoring.ts';

export { auditOptions, auditSubset, retrievalFairnessResults, AUDIT_DEFAULTS } from './audit.ts';
export type { ResultsHeader } from './audit.ts';
export type { AuditDocument, AuditModel, AuditOptions, AuditQuery, AuditSubset, AuditTwin, QueryScorer, QueryScores } from './input.ts';
export { bm25Scorer, denseScorer, documentText, materialize, matrixScorer, tfidfScorer, timingOf, twinText } from './scoring.ts';
export type { SubsetTexts, SubsetVectors } from './scoring.ts';
export { ciOf, effectivenessKeys, parseResults, summaryOf, twinMetricKeys, EFFECTIVENESS_FAMILIES } from './results.ts';
export type {
  Ci, EffectivenessKey, ModelDescriptor, ModelKind, ModelResult, ModelSummary, ModelTiming, RankShiftBin,
  ResultsSummary, RetrievalFairnessResults, SubsetResult, TwinMetrics,
} from './results.ts';
export { orientRobustness, paretoOfResults } from './pareto.ts';
export type { AuditParetoPoint, ParetoAxes, SubsetPareto } from './pareto.ts';
export { AuditInputError, loadRetrieval, selectTasks } from './data.ts';
export type { LoadedRetrieval, LoadedSubset, SelectedTasks, ShardReader } from './data.ts';

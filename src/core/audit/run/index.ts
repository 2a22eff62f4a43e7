/** The public surface of core/audit/run/: what the adapters and the other audit folders use. */
export { CancelledError, ModelRunError, throwIfCancelled } from './cancel.ts';
export { computeApi, receivedJob } from './compute.ts';
export type { ComputeApi } from './compute.ts';
export { heldShare, sendJob, slicedJob } from './heldInputs.ts';
export type { HeldState } from './heldInputs.ts';
export { offeredLanes } from './lanes.ts';
export type { LoadReport, RunEnvironment, RunHooks, TextEmbedder } from './ports.ts';
export type { ModelRunProgress, ProgressPort } from './progress.ts';
export { runRetrievalFairness, runRetrievalFairnessAtKs } from './retrieval.ts';
export type { RetrievalCompute, RetrievalModelPort } from './retrieval.ts';
export { runModelKey, runModelLabel } from './runConfig.ts';
export type { RetrievalRunConfig, RunConfig, RunModel } from './runConfig.ts';
export { runScreening } from './screening.ts';
export type { OpenedEmbedder, OpenedScorer, ScorerEvents, ScreeningCompute, ScreeningModelPort, ScreeningRunResults } from './screening.ts';
export { SCREENING_RUN_DEFAULTS, TYPED_DECISION_KINDS, customDecisionEntry, screeningDescriptor, screeningModelId, screeningModelKey } from './screeningConfig.ts';
export type { LlmRunOptions, ScreeningRunConfig, ScreeningRunModel } from './screeningConfig.ts';
export type { FinishedModel, RunResults, StoredModelProgress } from './storedRun.ts';

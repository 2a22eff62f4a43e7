/** The public surface of core/audit/eval/: what the adapters and the other audit folders use. */
export { AGREEMENT_STATISTICS, evalAgreement } from './agreement.ts';
export type { AgreementResults, AgreementStatistic } from './agreement.ts';
export { annotationColumns, runAgreement } from './agreementInput.ts';
export { DEFAULT_CLASSIFICATION_THRESHOLD, evalClassification, referenceScoresFor, tunedThreshold } from './classification.ts';
export { evalConsistency } from './consistency.ts';
export { evalRetrieval, reportRetrieval } from './retrieval.ts';
export type { RetrievalEvalOptions } from './retrieval.ts';
export { RetrievalStream, RunNotGroupedError } from './retrievalStream.ts';
export { evalScreeningBias } from './screeningBias.ts';
export { evalTwins, reportTwins, twinGaps, undeclaredTwinIds } from './twins.ts';
export type { TwinRunLookup, TwinsEvalOptions } from './twins.ts';
export { TwinStream } from './twinStream.ts';

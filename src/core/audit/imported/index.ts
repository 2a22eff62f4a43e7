/** The public surface of core/audit/imported/: what the adapters and the other audit folders use. */
export { idList } from './idList.ts';
export { checkRetrievalScores, importedRevision, matchRetrievalScores } from './retrievalScores.ts';
export type { ImportedScores } from './retrievalScores.ts';
export { RETRIEVAL_INPUT_COLUMNS, SCREENING_INPUT_COLUMNS, retrievalScoringInputs, scoringInputsCsv, scoringInputsJsonl, screeningScoringInputs } from './scoringInputs.ts';
export { checkScreeningScores, matchScreeningScores } from './screeningScores.ts';
export { joinScoreShards } from './joinScoreShards.ts';
export type { ScoreShard } from './joinScoreShards.ts';
export { ScoreShardJoin } from './scoreShardJoin.ts';
export type { ScoreShardKind } from './scoreShardJoin.ts';
export { shardFileName, shardRetrievalInputs, shardScreeningInputs } from './shardScoringInputs.ts';
export type { ScoringInputs } from './scoringInputs.ts';
export { cachedVectorTable, importedVectorEntries } from './vectorCache.ts';
export { readVectorFiles } from './vectorFiles.ts';
export type { VectorFileBytes } from './vectorFiles.ts';
export { checkVectors, filesLabel, importedVectorsDescriptor, matchVectorTable, runVectorItems } from './vectors.ts';
export type { ImportedVectors, VectorItem, VectorTable } from './vectors.ts';

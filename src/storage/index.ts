/** The storage layer: IndexedDB through idb. Re-exports only. */
export { openFairgroundDb } from './db.ts';
export type { FairgroundDb } from './db.ts';
export type * from './schema.ts';
export { importDataset } from './datasetImporter.ts';
export type { ImportOptions, ImportResult } from './datasetImporter.ts';
export type { ImportProgress } from './importProgress.ts';
export { ImportError } from './importError.ts';
export { workerShardReader } from './inflateWorker.ts';
export type { ImportErrorCode } from './importError.ts';
export { urlSource, filesSource, pickedFiles } from './sources.ts';
export type { DatasetSource, PickedFile, SourceManifest } from './sources.ts';
export {
  listDatasets, getDataset, deleteDataset, readShard, pageRecords, findRecord, countRecords, storageEstimate,
  DatasetNotReadyError,
} from './datasetStore.ts';
export type { DatasetSummary } from './datasetStore.ts';
export { EmbeddingCache, embeddingKey, textSha256 } from './embeddingCache.ts';
export type { EmbeddingSpec } from './embeddingCache.ts';
export { putRun, getRun, listRuns, putResults, getResults, deleteRun } from './runStore.ts';

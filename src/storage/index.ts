/** The storage layer: IndexedDB through idb. Re-exports only. */
export { openFairgroundDb } from './db.ts';
export type { FairgroundDb } from './db.ts';
export type * from './schema.ts';
export { importDataset } from './datasetImporter.ts';
export { defaultLocks, heldImportLocks, importLockFreed, importLockName } from './importLock.ts';
export type { LockRequester } from './importLock.ts';
export { clearPendingImport, readPendingImport, resumePlan, writePendingImport } from './pendingImport.ts';
export type { PendingImport } from './pendingImport.ts';
export { browserLocalDataEnv, deleteAllLocalData } from './localData.ts';
export type { DeletedLocalData, LocalDataEnv } from './localData.ts';
export type { ImportOptions, ImportResult } from './datasetImporter.ts';
export type { ImportProgress } from './importProgress.ts';
export { ImportError } from './importError.ts';
export { workerShardReader } from './inflateWorker.ts';
export { workerPartRunner } from './importWorker.ts';
export type { ImportErrorCode } from './importError.ts';
export { urlSource, filesSource, pickedFiles } from './sources.ts';
export { hubSource } from './hubSource.ts';
export type { DatasetSource, PickedFile, SourceManifest } from './sources.ts';
export {
  listDatasets, getDataset, deleteDataset, readShard, readShardData, pageRecords, findRecord, countRecords, storageEstimate,
  DatasetNotReadyError,
} from './datasetStore.ts';
export type { DatasetSummary, DatasetUpdate } from './datasetStore.ts';
export { EmbeddingCache, embeddingKey, textSha256 } from './embeddingCache.ts';
export type { EmbeddingSpec } from './embeddingCache.ts';
export { putRun, getRun, listRuns, putResults, getResults, deleteRun, markInterrupted } from './runStore.ts';

import type { IDBPObjectStore } from 'idb';
import type { Task } from '../core/formats/manifest.ts';
import type { FairgroundDb } from './db.ts';
import { prefixRange } from './keyRanges.ts';
import type { DatasetEntry, FairgroundDB, ImportState, StoredImportError, StoredRecord } from './schema.ts';
import type { StorageLike } from './storageQuota.ts';
import { defaultStorage } from './storageQuota.ts';

/** One line of the dataset list. */
export interface DatasetSummary {
  readonly id: string;
  readonly title: string;
  readonly version: string;
  readonly license?: string;
  readonly languages: readonly string[];
  readonly tasks: readonly Task[];
  /** Records of all finished shards. */
  readonly records: number;
  readonly recordsByShard: Readonly<Record<string, number>>;
  readonly bytes: number;
  readonly state: ImportState;
  readonly importedAt?: number;
  readonly error?: StoredImportError;
}

/** Thrown when a reader asks for a dataset that is absent or not `ready`. */
export class DatasetNotReadyError extends Error {
  constructor(
    readonly datasetId: string,
    readonly state: ImportState | 'missing',
  ) {
    super(state === 'missing' ? `dataset "${datasetId}" is not imported` : `dataset "${datasetId}" is not ready (${state})`);
    this.name = 'DatasetNotReadyError';
  }
}

/** Every stored dataset in any state, by title; failed and importing ones carry their state for the UI. */
export async function listDatasets(db: FairgroundDb): Promise<DatasetSummary[]> {
  const entries = await db.getAll('datasets');
  return entries.map(summaryOf).sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
}

function summaryOf({ id, manifest, status }: DatasetEntry): DatasetSummary {
  return {
    id,
    title: manifest.title,
    version: manifest.version,
    license: manifest.license,
    languages: manifest.languages,
    tasks: manifest.tasks,
    records: Object.values(status.records).reduce((a, b) => a + b, 0),
    recordsByShard: status.records,
    bytes: status.bytes,
    state: status.state,
    importedAt: status.importedAt,
    error: status.error,
  };
}

/** The stored manifest and status of a dataset, in any state. */
export function getDataset(db: FairgroundDb, datasetId: string): Promise<DatasetEntry | undefined> {
  return db.get('datasets', datasetId);
}

/**
 * Deletes a dataset: its records, shard states and manifest, in one
 * transaction. Embeddings stay: they are keyed by text hash and model, and
 * serve any dataset holding the same text.
 */
export async function deleteDataset(db: FairgroundDb, datasetId: string): Promise<void> {
  await removeDatasetData(db, datasetId);
}

/** Deletes everything stored for a dataset id (used by delete and by a re-import of another manifest). */
export async function removeDatasetData(db: FairgroundDb, datasetId: string): Promise<void> {
  const tx = db.transaction(['datasets', 'records', 'shardState'], 'readwrite');
  await Promise.all([
    tx.objectStore('records').delete(prefixRange(datasetId)),
    tx.objectStore('shardState').delete(prefixRange(datasetId)),
    tx.objectStore('datasets').delete(datasetId),
    tx.done,
  ]);
}

/**
 * Opens a read transaction over datasets and records and checks, inside
 * it, that the dataset is ready; `read` then uses the same transaction, so
 * a concurrent delete cannot slip in between.
 */
async function readReady<T>(db: FairgroundDb, datasetId: string, read: (records: ReadRecords) => Promise<T>): Promise<T> {
  const tx = db.transaction(['datasets', 'records'], 'readonly');
  const entry = await tx.objectStore('datasets').get(datasetId);
  if (!entry) throw new DatasetNotReadyError(datasetId, 'missing');
  if (entry.status.state !== 'ready') throw new DatasetNotReadyError(datasetId, entry.status.state);
  const result = await read(tx.objectStore('records'));
  await tx.done;
  return result;
}
type ReadRecords = IDBPObjectStore<FairgroundDB, ['datasets', 'records'], 'records', 'readonly'>;

/**
 * All records of a shard (every part), in key (identifier) order — what an
 * audit reads: corpus, queries, qrels, twins, jobs, CVs, pools and so on.
 * @throws {DatasetNotReadyError} unless the dataset is ready.
 */
export function readShard(db: FairgroundDb, datasetId: string, shard: string): Promise<StoredRecord[]> {
  return readReady(db, datasetId, (records) => records.getAll(prefixRange(datasetId, shard)));
}

/**
 * One page of a shard's records in identifier order, for the record browser.
 * @throws {DatasetNotReadyError} unless the dataset is ready.
 */
export function pageRecords(
  db: FairgroundDb,
  datasetId: string,
  shard: string,
  offset: number,
  limit: number,
): Promise<StoredRecord[]> {
  return readReady(db, datasetId, async (records) => {
    const page: StoredRecord[] = [];
    let cursor = await records.openCursor(prefixRange(datasetId, shard));
    if (cursor && offset > 0) cursor = await cursor.advance(offset);
    while (cursor && page.length < limit) {
      page.push(cursor.value);
      cursor = await cursor.continue();
    }
    return page;
  });
}

/**
 * A record by shard and identifier (for qrels `query_id<TAB>corpus_id`, for labels `job_id<TAB>cv_id`).
 * @throws {DatasetNotReadyError} unless the dataset is ready.
 */
export function findRecord(db: FairgroundDb, datasetId: string, shard: string, id: string): Promise<StoredRecord | undefined> {
  return readReady(db, datasetId, (records) => records.get([datasetId, shard, id]));
}

/**
 * Records of a shard, or of the whole dataset when `shard` is omitted.
 * @throws {DatasetNotReadyError} unless the dataset is ready.
 */
export function countRecords(db: FairgroundDb, datasetId: string, shard?: string): Promise<number> {
  return readReady(db, datasetId, (records) =>
    shard === undefined ? records.index('byDataset').count(datasetId) : records.index('byShard').count([datasetId, shard]),
  );
}

/** Usage and quota of the site's storage, when the browser tells. */
export async function storageEstimate(
  storage: StorageLike | undefined = defaultStorage(),
): Promise<{ usage: number; quota: number } | undefined> {
  if (!storage?.estimate) return undefined;
  const { usage = 0, quota = 0 } = await storage.estimate();
  return { usage, quota };
}

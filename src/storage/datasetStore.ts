import type { IDBPTransaction } from 'idb';
import type { Task } from '../core/formats/manifest.ts';
import type { FairgroundDb } from './db.ts';
import { prefixRange } from './keyRanges.ts';
import { compareIds, dataOfChunk, recordOfChunk, recordsOfChunk } from './chunks.ts';
import type { ChunkEntry, DatasetEntry, FairgroundDB, ImportState, StoredImportError, StoredRecord } from './schema.ts';
import { deleteRowsOf } from './stagedVersion.ts';
import { storeKeyOf } from './storeKeys.ts';
import type { StorageLike } from './storageQuota.ts';
import { defaultStorage } from './storageQuota.ts';
import type { ManifestGeneration } from '../core/formats/manifest.ts';

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
  /** What a dataset made from a user's own candidates records of its variants (manifest `generation`). */
  readonly generation?: ManifestGeneration;
  readonly bytes: number;
  readonly state: ImportState;
  readonly importedAt?: number;
  readonly error?: StoredImportError;
  /**
   * A newer version being imported, interrupted or failed, while this one (ready) stays
   * readable; absent when there is none. (A dataset with no ready version shows its import in
   * `state` and `error` instead.)
   */
  readonly update?: DatasetUpdate;
}

/** The staged import of a dataset that has a ready version. */
export interface DatasetUpdate {
  readonly version: string;
  readonly title: string;
  readonly state: 'importing' | 'failed';
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

/**
 * Every stored dataset, by title: each ready version (with its staged update, if any), and each
 * import that has no ready version yet, in its state (`importing` or `failed`) for the UI.
 */
export async function listDatasets(db: FairgroundDb): Promise<DatasetSummary[]> {
  const tx = db.transaction(['datasets', 'staging'], 'readonly');
  const [ready, staged] = await Promise.all([tx.objectStore('datasets').getAll(), tx.objectStore('staging').getAll(), tx.done]);
  const stagedById = new Map(staged.map((e) => [e.id, e]));
  const readyIds = new Set(ready.map((e) => e.id));
  const summaries = [
    ...ready.map((e) => summaryOf(e, stagedById.get(e.id))),
    ...staged.filter((e) => !readyIds.has(e.id)).map((e) => summaryOf(e, undefined)),
  ];
  return summaries.sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
}

function summaryOf({ id, manifest, status }: DatasetEntry, staged: DatasetEntry | undefined): DatasetSummary {
  return {
    id,
    title: manifest.title,
    version: manifest.version,
    license: manifest.license,
    languages: manifest.languages,
    tasks: manifest.tasks,
    records: Object.values(status.records).reduce((a, b) => a + b, 0),
    recordsByShard: status.records,
    ...(manifest.generation ? { generation: manifest.generation } : {}),
    bytes: status.bytes,
    state: status.state,
    importedAt: status.importedAt,
    error: status.error,
    update: staged && {
      version: staged.manifest.version,
      title: staged.manifest.title,
      state: staged.status.state === 'failed' ? 'failed' : 'importing',
      error: staged.status.error,
    },
  };
}

/**
 * The stored manifest and status of a dataset: its ready version when there is one, else its
 * import in progress, interrupted or failed. (A ready version's staged update is in `listDatasets`.)
 */
export async function getDataset(db: FairgroundDb, datasetId: string): Promise<DatasetEntry | undefined> {
  const tx = db.transaction(['datasets', 'staging'], 'readonly');
  const [ready, staged] = await Promise.all([tx.objectStore('datasets').get(datasetId), tx.objectStore('staging').get(datasetId), tx.done]);
  return ready ?? staged;
}

/**
 * Deletes a dataset in one transaction: its ready version and its staged import, with their
 * chunks and shard states. An import of it still running (here or in another tab) stops at its
 * next write. Embeddings stay: they are keyed by text hash and model, and serve any dataset
 * holding the same text.
 */
export async function deleteDataset(db: FairgroundDb, datasetId: string): Promise<void> {
  const tx = db.transaction(['datasets', 'staging', 'chunks', 'chunkIds', 'shardState'], 'readwrite');
  const rows = await Promise.all([tx.objectStore('datasets').get(datasetId), tx.objectStore('staging').get(datasetId)]);
  const keys = new Set(rows.flatMap((r) => (r ? [storeKeyOf(r)] : [])));
  await Promise.all([
    ...[...keys].flatMap((key) => deleteRowsOf(tx, key)),
    tx.objectStore('datasets').delete(datasetId),
    tx.objectStore('staging').delete(datasetId),
    tx.done,
  ]);
}

type ReadTx = IDBPTransaction<FairgroundDB, ['datasets', 'staging', 'chunks', 'chunkIds'], 'readonly'>;

/**
 * Opens a read transaction over datasets and chunks and checks, inside
 * it, that the dataset is ready; `read` then uses the same transaction, so
 * a concurrent delete or the swap of a new version cannot slip in between.
 */
async function readReady<T>(db: FairgroundDb, datasetId: string, read: (tx: ReadTx, entry: DatasetEntry) => Promise<T>): Promise<T> {
  const tx = db.transaction(['datasets', 'staging', 'chunks', 'chunkIds'], 'readonly');
  const entry = await tx.objectStore('datasets').get(datasetId);
  if (!entry || entry.status.state !== 'ready') {
    // Not readable; say why: an import not finished (or failed), or nothing at all.
    const staged = entry ?? (await tx.objectStore('staging').get(datasetId));
    throw new DatasetNotReadyError(datasetId, staged?.status.state ?? 'missing');
  }
  const result = await read(tx, entry);
  await tx.done;
  return result;
}

/**
 * All records of a shard (every part), in identifier order — what an
 * audit reads: corpus, queries, qrels, twins, jobs, CVs, pools and so on.
 * Chunk rows are read in key order (part by part) and the records sorted by id.
 * @throws {DatasetNotReadyError} unless the dataset is ready.
 */
export function readShard(db: FairgroundDb, datasetId: string, shard: string): Promise<StoredRecord[]> {
  return readReady(db, datasetId, async (tx, entry) => {
    const range = prefixRange(storeKeyOf(entry), shard);
    const [chunks, idRows] = await Promise.all([tx.objectStore('chunks').getAll(range), tx.objectStore('chunkIds').getAll(range)]);
    const out: StoredRecord[] = [];
    for (let i = 0; i < chunks.length; i++) for (const r of recordsOfChunk(chunks[i], idRows[i].ids, datasetId)) out.push(r);
    return out.sort((a, b) => compareIds(a.id, b.id));
  });
}

/**
 * Each record's data of a shard (every part), in identifier order: `readShard`'s records' `data`,
 * read as an audit reads a shard. The chunk rows come one at a time through a cursor and each is
 * parsed and let go before the next, and no record is wrapped: at 1,000,000 documents,
 * `readShard` held every row (~190 MB of JSON Lines) beside every parsed record and its wrapper
 * at once — some 400 MB of the page's heap that stayed, as garbage, well into the run
 * (BENCHMARKS.md, "Issue 34: 1,000,000 documents under 2.5 GB in every run").
 * @throws {DatasetNotReadyError} unless the dataset is ready.
 */
export function readShardData(db: FairgroundDb, datasetId: string, shard: string): Promise<StoredRecord['data'][]> {
  return readReady(db, datasetId, async (tx, entry) => {
    const range = prefixRange(storeKeyOf(entry), shard);
    const idRows = await tx.objectStore('chunkIds').getAll(range);
    const ids: string[] = [];
    const data: StoredRecord['data'][] = [];
    let row = 0;
    for (let cursor = await tx.objectStore('chunks').openCursor(range); cursor; cursor = await cursor.continue(), row++) {
      const chunk = cursor.value;
      const idRow = idRows[row];
      // The two stores share their keys, so their rows come in the same order; a row without its pair is a damaged store.
      if (idRow?.path !== chunk.path || idRow.chunk !== chunk.chunk) throw new Error(`shard "${shard}" of dataset "${datasetId}": chunk ${chunk.chunk} of ${chunk.path} has no identifiers row; delete the dataset and import it again`);
      const rowIds = idRow.ids;
      dataOfChunk(chunk, rowIds.length, (d, slot) => (ids.push(rowIds[slot]), data.push(d)));
    }
    if (row !== idRows.length) throw new Error(`shard "${shard}" of dataset "${datasetId}": ${idRows.length - row} identifiers row(s) without their records; delete the dataset and import it again`);
    return inIdOrder(ids, data);
  });
}

/** `values` put in the order of their `ids` (compareIds), unchanged when they are in it already. */
export function inIdOrder<T>(ids: readonly string[], values: T[]): T[] {
  let sorted = true;
  for (let i = 1; i < ids.length && sorted; i++) sorted = compareIds(ids[i - 1], ids[i]) <= 0;
  if (sorted) return values;
  const order = Array.from(ids.keys()).sort((a, b) => compareIds(ids[a], ids[b]) || a - b);
  return order.map((i) => values[i]);
}

/**
 * The identifier order of a shard, sorted on read from its `chunkIds` rows and kept per
 * connection for the dataset as imported (the record browser pages through it): for each
 * position, the chunk row index and the slot in it.
 */
interface ShardOrder {
  readonly stamp: string;
  readonly keys: readonly [string, string, string, number][];
  readonly ids: readonly string[];
  /** Positions in identifier order: chunk index × 2^16 + slot is too narrow for large chunks, so two arrays. */
  readonly chunkOf: Uint32Array;
  readonly slotOf: Uint32Array;
}
const orders = new WeakMap<FairgroundDb, Map<string, ShardOrder>>();

async function shardOrder(db: FairgroundDb, tx: ReadTx, entry: DatasetEntry, shard: string): Promise<ShardOrder> {
  const stamp = `${entry.status.manifestSha256}/${entry.status.importedAt}`;
  let byShard = orders.get(db);
  if (!byShard) orders.set(db, (byShard = new Map()));
  const key = `${entry.id}\u0000${shard}`;
  const cached = byShard.get(key);
  if (cached?.stamp === stamp) return cached;
  const rows = await tx.objectStore('chunkIds').getAll(prefixRange(storeKeyOf(entry), shard));
  const ids: string[] = [];
  const chunkOf: number[] = [];
  const slotOf: number[] = [];
  rows.forEach((row, c) => row.ids.forEach((id, s) => (ids.push(id), chunkOf.push(c), slotOf.push(s))));
  const order = Array.from(ids.keys()).sort((a, b) => compareIds(ids[a], ids[b]));
  const result: ShardOrder = {
    stamp,
    keys: rows.map((r) => [r.datasetId, r.shard, r.path, r.chunk] as [string, string, string, number]),
    ids: order.map((i) => ids[i]),
    chunkOf: Uint32Array.from(order, (i) => chunkOf[i]),
    slotOf: Uint32Array.from(order, (i) => slotOf[i]),
  };
  byShard.set(key, result);
  return result;
}

/**
 * One page of a shard's records in identifier order, for the record browser. The order is
 * sorted on read from the shard's id rows (kept for the next page), then only the chunks
 * holding the page are read.
 * @throws {DatasetNotReadyError} unless the dataset is ready.
 */
export function pageRecords(
  db: FairgroundDb,
  datasetId: string,
  shard: string,
  offset: number,
  limit: number,
): Promise<StoredRecord[]> {
  return readReady(db, datasetId, async (tx, entry) => {
    const order = await shardOrder(db, tx, entry, shard);
    const end = Math.min(order.ids.length, Math.max(0, offset) + Math.max(0, limit));
    const chunks = new Map<number, Promise<ChunkEntry | undefined>>();
    const page: Promise<StoredRecord>[] = [];
    for (let i = Math.max(0, offset); i < end; i++) {
      const c = order.chunkOf[i];
      if (!chunks.has(c)) chunks.set(c, tx.objectStore('chunks').get(order.keys[c]));
      const id = order.ids[i], slot = order.slotOf[i];
      page.push(chunks.get(c)!.then((chunk) => recordOfChunk(chunk!, id, slot, datasetId)));
    }
    return Promise.all(page);
  });
}

/**
 * A record by shard and identifier (for qrels `query_id<TAB>corpus_id`, for labels `job_id<TAB>cv_id`).
 * Scans the shard's id rows (small: the ids alone), then reads the one chunk that holds it.
 * @throws {DatasetNotReadyError} unless the dataset is ready.
 */
export function findRecord(db: FairgroundDb, datasetId: string, shard: string, id: string): Promise<StoredRecord | undefined> {
  return readReady(db, datasetId, async (tx, entry) => {
    let cursor = await tx.objectStore('chunkIds').openCursor(prefixRange(storeKeyOf(entry), shard));
    while (cursor) {
      const slot = cursor.value.ids.indexOf(id);
      if (slot >= 0) {
        const chunk = await tx.objectStore('chunks').get(cursor.primaryKey);
        return recordOfChunk(chunk!, id, slot, datasetId);
      }
      cursor = await cursor.continue();
    }
    return undefined;
  });
}

/**
 * Records of a shard, or of the whole dataset when `shard` is omitted: the counts of its
 * finished parts, as stored with the ready dataset.
 * @throws {DatasetNotReadyError} unless the dataset is ready.
 */
export function countRecords(db: FairgroundDb, datasetId: string, shard?: string): Promise<number> {
  return readReady(db, datasetId, async (_tx, entry) => {
    const counts = entry.status.records;
    return shard === undefined ? Object.values(counts).reduce((a, b) => a + b, 0) : (counts[shard] ?? 0);
  });
}

/** Usage and quota of the site's storage, when the browser tells. */
export async function storageEstimate(
  storage: StorageLike | undefined = defaultStorage(),
): Promise<{ usage: number; quota: number } | undefined> {
  if (!storage?.estimate) return undefined;
  const { usage = 0, quota = 0 } = await storage.estimate();
  return { usage, quota };
}

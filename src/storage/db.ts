import { wrap } from 'idb';
import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import { DB_VERSION, REIMPORT_MESSAGE } from './schema.ts';
import type { DatasetEntry, FairgroundDB } from './schema.ts';

export type FairgroundDb = IDBPDatabase<FairgroundDB>;

/**
 * Opens (creating or upgrading) the Fairground database.
 * @param idbFactory the IndexedDB to use; the global `indexedDB` by default
 *   (tests pass a fresh `new IDBFactory()` from fake-indexeddb).
 * A connection closes itself when another tab asks for a newer version.
 */
export function openFairgroundDb(name = 'fairground', idbFactory: IDBFactory = indexedDB): Promise<FairgroundDb> {
  // idb's openDB always uses the global indexedDB, so this repeats its few lines with a chosen factory.
  const request = idbFactory.open(name, DB_VERSION);
  request.addEventListener('upgradeneeded', (event) => {
    const db = wrap(request.result) as unknown as FairgroundDb;
    const tx = wrap(request.transaction!) as unknown as IDBPTransaction<FairgroundDB, StoreNames<FairgroundDB>[], 'versionchange'>;
    upgrade(db, event.oldVersion, tx);
  });
  return (wrap(request) as unknown as Promise<FairgroundDb>).then((db) => {
    db.addEventListener('versionchange', () => db.close());
    return db;
  });
}

function upgrade(
  db: FairgroundDb,
  oldVersion: number,
  tx: IDBPTransaction<FairgroundDB, StoreNames<FairgroundDB>[], 'versionchange'>,
): void {
  // Each case runs the steps from its version to the newest.
  switch (oldVersion) {
    case 0: {
      db.createObjectStore('datasets', { keyPath: 'id' });
      db.createObjectStore('shardState', { keyPath: ['datasetId', 'path'] });
      const embeddings = db.createObjectStore('embeddings', { keyPath: 'key' });
      embeddings.createIndex('byModel', 'modelId');
      db.createObjectStore('runs', { keyPath: 'id' });
      db.createObjectStore('results', { keyPath: 'runId' });
      createChunkStores(db);
      db.createObjectStore('staging', { keyPath: 'id' });
      createDraftStores(db);
      break;
    }
    case 1:
      fromV1(db, tx);
      fromV2(db, tx, true);
      createDraftStores(db);
      break;
    case 2:
      fromV2(db, tx, false);
      createDraftStores(db);
      break;
    case 3:
      createDraftStores(db);
      break;
  }
}

/**
 * v1 → v2: one `records` row per record (with 3 indexes) becomes chunk rows. The old rows are
 * dropped, not converted (converting could take minutes inside the upgrade); the part states are
 * cleared so that the next import reads every part, and `fromV2` marks every stored dataset
 * failed with a message telling the user to import it again.
 */
function fromV1(db: FairgroundDb, tx: IDBPTransaction<FairgroundDB, StoreNames<FairgroundDB>[], 'versionchange'>): void {
  (db as unknown as IDBPDatabase).deleteObjectStore('records');
  createChunkStores(db);
  void tx.objectStore('shardState').clear().catch(() => undefined);
}

/**
 * v2 → v3: `datasets` keeps only ready versions; a dataset that is importing or failed moves to
 * the new `staging` store, where the importer resumes it. Its rows stay under the bare id (no
 * `storeKey`), so nothing is copied. `recordsDropped` (coming from v1) sends every dataset there
 * as failed, to be imported again.
 */
function fromV2(
  db: FairgroundDb,
  tx: IDBPTransaction<FairgroundDB, StoreNames<FairgroundDB>[], 'versionchange'>,
  recordsDropped: boolean,
): void {
  db.createObjectStore('staging', { keyPath: 'id' });
  const datasets = tx.objectStore('datasets');
  const staging = tx.objectStore('staging');
  void datasets.getAll().then((entries: DatasetEntry[]) => {
    for (const { id, manifest, status } of entries) {
      if (!recordsDropped && status.state === 'ready') continue;
      const moved: DatasetEntry = recordsDropped
        ? { id, manifest, status: { ...status, state: 'failed', records: {}, unknownQrels: {}, bytes: 0, error: { message: REIMPORT_MESSAGE } } }
        : { id, manifest, status };
      void datasets.delete(id);
      void staging.put(moved);
    }
  });
}

/** v3 → v4: the drafts of a user's own candidates and the review decisions on their variants. */
function createDraftStores(db: FairgroundDb): void {
  db.createObjectStore('drafts', { keyPath: 'id' });
  db.createObjectStore('reviews', { keyPath: ['draftId', 'variantId'] });
}

function createChunkStores(db: FairgroundDb): void {
  db.createObjectStore('chunks', { keyPath: ['datasetId', 'shard', 'path', 'chunk'] });
  db.createObjectStore('chunkIds', { keyPath: ['datasetId', 'shard', 'path', 'chunk'] });
}

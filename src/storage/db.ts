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
  // Each case falls through to the next, so any old version reaches the newest.
  switch (oldVersion) {
    case 0: {
      db.createObjectStore('datasets', { keyPath: 'id' });
      db.createObjectStore('shardState', { keyPath: ['datasetId', 'path'] });
      const embeddings = db.createObjectStore('embeddings', { keyPath: 'key' });
      embeddings.createIndex('byModel', 'modelId');
      db.createObjectStore('runs', { keyPath: 'id' });
      db.createObjectStore('results', { keyPath: 'runId' });
      createChunkStores(db);
      break;
    }
    case 1: {
      // v1 → v2: one `records` row per record (with 3 indexes) becomes chunk rows. The old rows
      // are dropped, not converted (converting could take minutes inside the upgrade); every
      // stored dataset is marked failed with a message telling the user to import it again,
      // and its part states are cleared so that the next import reads every part.
      (db as unknown as IDBPDatabase).deleteObjectStore('records');
      createChunkStores(db);
      const datasets = tx.objectStore('datasets');
      void tx.objectStore('shardState').clear().catch(() => undefined);
      void datasets.getAll().then((entries: DatasetEntry[]) => {
        for (const { id, manifest, status } of entries) {
          const error = { message: REIMPORT_MESSAGE };
          void datasets.put({ id, manifest, status: { ...status, state: 'failed', records: {}, unknownQrels: {}, bytes: 0, error } });
        }
      });
    }
  }
}

function createChunkStores(db: FairgroundDb): void {
  db.createObjectStore('chunks', { keyPath: ['datasetId', 'shard', 'path', 'chunk'] });
  db.createObjectStore('chunkIds', { keyPath: ['datasetId', 'shard', 'path', 'chunk'] });
}

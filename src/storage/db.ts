import { wrap } from 'idb';
import type { IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import { DB_VERSION } from './schema.ts';
import type { FairgroundDB } from './schema.ts';

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
  _tx: IDBPTransaction<FairgroundDB, StoreNames<FairgroundDB>[], 'versionchange'>,
): void {
  switch (oldVersion) {
    case 0: {
      db.createObjectStore('datasets', { keyPath: 'id' });
      const records = db.createObjectStore('records', { keyPath: ['datasetId', 'shard', 'id'] });
      records.createIndex('byShard', ['datasetId', 'shard']);
      records.createIndex('byDataset', 'datasetId');
      records.createIndex('byPart', ['datasetId', 'path']);
      db.createObjectStore('shardState', { keyPath: ['datasetId', 'path'] });
      const embeddings = db.createObjectStore('embeddings', { keyPath: 'key' });
      embeddings.createIndex('byModel', 'modelId');
      db.createObjectStore('runs', { keyPath: 'id' });
      db.createObjectStore('results', { keyPath: 'runId' });
    }
    // Later versions add `case 1:` here, falling through from older ones.
  }
}

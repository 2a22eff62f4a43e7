/**
 * "Delete all local data": everything Fairground keeps in this browser. IndexedDB (every store
 * of the database, in one transaction), the Cache API (where transformers.js keeps downloaded
 * model files), the service worker that adds the cross-origin isolation headers, and the
 * `fairground.*` settings in localStorage.
 *
 * The stores are cleared rather than the database deleted: deleting it would wait for every
 * open connection (other tabs, the embedding cache's) to close, and leave them unusable; cleared,
 * they go on working, and an import running anywhere stops at its next write (stagedVersion.ts)
 * instead of writing into an emptied database.
 */
import type { FairgroundDb } from './db.ts';

/** The browser APIs involved; each may be absent (Node, an insecure context, an old browser). */
export interface LocalDataEnv {
  readonly caches?: { keys(): Promise<readonly string[]>; delete(name: string): Promise<boolean> };
  readonly serviceWorker?: { getRegistrations(): Promise<readonly { readonly scope: string; unregister(): Promise<boolean> }[]> };
  /** The site's URL: only service workers whose scope lies under it are Fairground's. */
  readonly scope?: string;
  readonly localStorage?: Pick<Storage, 'length' | 'key' | 'removeItem'>;
}

/** How much of each kind was deleted. */
export interface DeletedLocalData {
  readonly rows: number;
  readonly caches: number;
  readonly serviceWorkers: number;
  readonly settings: number;
}

/** The browser's own APIs, where this page has them. */
export function browserLocalDataEnv(): LocalDataEnv {
  const g = globalThis as { caches?: CacheStorage; navigator?: Partial<Navigator>; localStorage?: Storage; document?: Document };
  return { caches: g.caches, serviceWorker: g.navigator?.serviceWorker, scope: g.document?.baseURI, localStorage: g.localStorage };
}

/** Empties every store of the database in one transaction; returns the number of rows that were there. */
async function clearDatabase(db: FairgroundDb): Promise<number> {
  const names = [...db.objectStoreNames];
  if (names.length === 0) return 0;
  const tx = db.transaction(names, 'readwrite');
  const counts = await Promise.all(names.map((name) => tx.objectStore(name).count()));
  await Promise.all([...names.map((name) => tx.objectStore(name).clear()), tx.done]);
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * Deletes all of Fairground's local data (see above). Caches are per origin with no scope, so
 * every cache of the origin goes: host Fairground on an origin of its own.
 * @example await deleteAllLocalData(await database(), browserLocalDataEnv())
 *   // { rows: 312, caches: 1, serviceWorkers: 1, settings: 2 }
 */
export async function deleteAllLocalData(db: FairgroundDb, env: LocalDataEnv): Promise<DeletedLocalData> {
  const rows = await clearDatabase(db);
  let caches = 0;
  for (const name of (await env.caches?.keys()) ?? []) if (await env.caches!.delete(name)) caches++;
  let serviceWorkers = 0;
  for (const registration of (await env.serviceWorker?.getRegistrations()) ?? []) {
    if (env.scope !== undefined && !registration.scope.startsWith(new URL('.', env.scope).href)) continue;
    if (await registration.unregister()) serviceWorkers++;
  }
  let settings = 0;
  const store = env.localStorage;
  if (store) {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter((k): k is string => k?.startsWith('fairground.') === true);
    for (const key of keys) store.removeItem(key);
    settings = keys.length;
  }
  return { rows, caches, serviceWorkers, settings };
}

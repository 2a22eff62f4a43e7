import type { RunConfig } from '../../../src/core/audit/run/runConfig.ts';
import type { RunResults } from '../../../src/core/audit/run/storedRun.ts';
import { describe, expect, it } from 'vitest';
import { importDataset } from '../../../src/storage/datasetImporter.ts';
import { listDatasets } from '../../../src/storage/datasetStore.ts';
import { EmbeddingCache } from '../../../src/storage/embeddingCache.ts';
import { deleteAllLocalData } from '../../../src/storage/localData.ts';
import { putResults, putRun } from '../../../src/storage/runStore.ts';
import { freshDb, memorySource, pausingSource, retrievalPackage } from './fixtures.ts';

/** Cache API, service worker container and localStorage stand-ins holding something. */
function environment() {
  const caches = new Set(['transformers-cache', 'other-cache']);
  const registrations = [{ scope: 'http://site/app/', unregister: async () => (registrations.splice(0, 1), true) }];
  const storage = new Map([['fairground.pendingImport', '{}'], ['fairground.hubHost', 'x'], ['someone-else', 'kept']]);
  return {
    caches, registrations, storage,
    env: {
      caches: { keys: async () => [...caches], delete: async (name: string) => caches.delete(name) },
      serviceWorker: { getRegistrations: async () => [...registrations] },
      scope: 'http://site/app/',
      localStorage: {
        get length() { return storage.size; },
        key: (i: number) => [...storage.keys()][i] ?? null,
        removeItem: (k: string) => void storage.delete(k),
      },
    },
  };
}

async function rowCount(db: Awaited<ReturnType<typeof freshDb>>): Promise<number> {
  let n = 0;
  for (const name of db.objectStoreNames) n += await db.count(name);
  return n;
}

describe('deleteAllLocalData', () => {
  it('deleteAllLocalData(db, env) empties every IndexedDB store, deletes every cache, unregisters the service worker and removes Fairground\'s settings', async () => {
    const db = await freshDb();
    await importDataset(db, memorySource(retrievalPackage('a', 4)), { storage: null });
    await new EmbeddingCache(db).putMany([{ key: 'k', modelKey: 'm', vector: new Float32Array([1]) }]);
    await putRun(db, { id: 'r', createdAt: 1, updatedAt: 1, status: 'done', config: {} as RunConfig, progress: {} });
    await putResults(db, 'r', {} as RunResults);
    const { env, caches, registrations, storage } = environment();
    const before = await rowCount(db);
    expect(before).toBeGreaterThan(5);

    const deleted = await deleteAllLocalData(db, env);
    expect(deleted).toEqual({ rows: before, caches: 2, serviceWorkers: 1, settings: 2 });
    expect(await rowCount(db)).toBe(0);
    expect(caches.size).toBe(0);
    expect(registrations).toEqual([]);
    expect([...storage.keys()]).toEqual(['someone-else']);
  });

  it('deleteAllLocalData leaves the service workers of other scopes on the same origin, and works where the APIs are absent', async () => {
    const db = await freshDb();
    const { env, registrations } = environment();
    let othersUnregistered = 0;
    registrations.push({ scope: 'http://site/other-app/', unregister: async () => (othersUnregistered++, true) });
    expect(await deleteAllLocalData(db, env)).toMatchObject({ serviceWorkers: 1 });
    expect(othersUnregistered).toBe(0);
    expect(registrations.map((r) => r.scope)).toEqual(['http://site/other-app/']);
    expect(await deleteAllLocalData(db, {})).toEqual({ rows: 0, caches: 0, serviceWorkers: 0, settings: 0 });
  });

  it('an import running while everything is deleted stops at its next write and leaves no row behind', async () => {
    const db = await freshDb();
    const paused = pausingSource(memorySource(retrievalPackage('a', 30)), 'corpus-01.jsonl.gz', 30);
    const running = importDataset(db, paused.source, { storage: null, batchSize: 2 }).catch((e: unknown) => e);
    await paused.reached;
    await deleteAllLocalData(db, {});
    paused.open();
    expect(await running).toMatchObject({ code: 'deleted' });
    expect(await rowCount(db)).toBe(0);
    expect(await listDatasets(db)).toEqual([]);
  });
});

import type { RunConfig } from '../../../src/core/audit/run/runConfig.ts';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openFairgroundDb } from '../../../src/storage/db.ts';
import { importDataset } from '../../../src/storage/datasetImporter.ts';
import { countRecords, listDatasets, readShard } from '../../../src/storage/datasetStore.ts';
import { prefixRange } from '../../../src/storage/keyRanges.ts';
import { memorySource, retrievalPackage } from './fixtures.ts';

describe('openFairgroundDb', () => {
  it('openFairgroundDb(name, factory) creates every store with its key path and indexes', async () => {
    const db = await openFairgroundDb('schema', new IDBFactory());
    expect([...db.objectStoreNames].sort()).toEqual(['chunkIds', 'chunks', 'datasets', 'drafts', 'embeddings', 'results', 'reviews', 'runs', 'shardState', 'staging']);
    const tx = db.transaction(['chunks', 'chunkIds', 'embeddings', 'shardState', 'staging'], 'readonly');
    expect(tx.objectStore('chunks').keyPath).toEqual(['datasetId', 'shard', 'path', 'chunk']);
    expect(tx.objectStore('chunkIds').keyPath).toEqual(['datasetId', 'shard', 'path', 'chunk']);
    expect([...tx.objectStore('chunks').indexNames]).toEqual([]);
    expect([...tx.objectStore('embeddings').indexNames]).toEqual(['byModel']);
    expect(tx.objectStore('shardState').keyPath).toEqual(['datasetId', 'path']);
    expect(tx.objectStore('staging').keyPath).toBe('id');
    expect(db.version).toBe(4);
    db.close();
  });

  it('openFairgroundDb opens an existing database again without upgrading and keeps its data', async () => {
    const factory = new IDBFactory();
    const first = await openFairgroundDb('again', factory);
    await first.put('runs', { id: 'r', createdAt: 1, updatedAt: 1, status: 'done', config: {} as RunConfig, progress: {} });
    first.close();
    const second = await openFairgroundDb('again', factory);
    expect((await second.get('runs', 'r'))?.status).toBe('done');
  });
});

describe('prefixRange', () => {
  it('prefixRange("ds", "corpus") holds the keys of that shard only, not of a longer dataset or shard name', () => {
    const range = prefixRange('ds', 'corpus');
    expect(range.includes(['ds', 'corpus', 'a'])).toBe(true);
    expect(range.includes(['ds', 'corpus', '\uffff'])).toBe(true);
    expect(range.includes(['ds', 'corpus2', 'a'])).toBe(false);
    expect(range.includes(['ds2', 'corpus', 'a'])).toBe(false);
    expect(prefixRange('ds').includes(['dsx', 'a', 'b'])).toBe(false);
  });
});

/** Half of a two-part corpus: the import of `half` is stopped once its first part is done. */
const halfFiles = retrievalPackage('half', 6);

/**
 * A schema-v2 database as the previous release left it: `keep` ready, `half` interrupted after
 * its first part, both with their rows under the bare dataset id and their manifest rows in
 * `datasets`. Made by importing with today's code into a scratch database and writing its rows
 * back in the v2 layout.
 */
async function v2Database(factory: IDBFactory, name: string): Promise<void> {
  const scratch = await openFairgroundDb('scratch', factory);
  await importDataset(scratch, memorySource(retrievalPackage('keep', 4)), { storage: null });
  const controller = new AbortController();
  await importDataset(scratch, memorySource(halfFiles), {
    storage: null, signal: controller.signal, progressIntervalMs: 0,
    onProgress: (p) => p.shard === 'corpus' && p.recordsDone >= 3 && controller.abort(),
  }).catch(() => undefined);
  const bare = <T extends { datasetId: string }>(row: T, keys: Map<string, string>): T => ({ ...row, datasetId: keys.get(row.datasetId)! });
  const keys = new Map<string, string>();
  const datasets = [...(await scratch.getAll('datasets')), ...(await scratch.getAll('staging'))].map((d) => {
    keys.set(d.status.storeKey ?? d.id, d.id);
    const { storeKey: _, ...status } = d.status;
    return { ...d, status };
  });
  const rows = {
    chunks: (await scratch.getAll('chunks')).map((r) => bare(r, keys)),
    chunkIds: (await scratch.getAll('chunkIds')).map((r) => bare(r, keys)),
    shardState: (await scratch.getAll('shardState')).map((r) => bare(r, keys)),
  };
  scratch.close();
  await new Promise<void>((resolve, reject) => {
    const req = factory.open(name, 2);
    req.onupgradeneeded = () => {
      const db = req.result;
      db.createObjectStore('datasets', { keyPath: 'id' });
      db.createObjectStore('shardState', { keyPath: ['datasetId', 'path'] });
      db.createObjectStore('embeddings', { keyPath: 'key' }).createIndex('byModel', 'modelId');
      db.createObjectStore('runs', { keyPath: 'id' });
      db.createObjectStore('results', { keyPath: 'runId' });
      db.createObjectStore('chunks', { keyPath: ['datasetId', 'shard', 'path', 'chunk'] });
      db.createObjectStore('chunkIds', { keyPath: ['datasetId', 'shard', 'path', 'chunk'] });
    };
    req.onsuccess = () => {
      const db = req.result;
      const tx = db.transaction(['datasets', 'chunks', 'chunkIds', 'shardState'], 'readwrite');
      for (const d of datasets) tx.objectStore('datasets').put(d);
      for (const [store, list] of Object.entries(rows)) for (const r of list) tx.objectStore(store).put(r);
      tx.oncomplete = () => (db.close(), resolve());
      tx.onerror = () => reject(tx.error);
    };
    req.onerror = () => reject(req.error);
  });
}

describe('upgrade from schema v2', () => {
  it('v2 → v4 keeps a ready dataset readable where it is and moves one that is not ready to staging, to resume', async () => {
    const factory = new IDBFactory();
    await v2Database(factory, 'legacy');
    const db = await openFairgroundDb('legacy', factory);
    expect(db.version).toBe(4);
    expect((await readShard(db, 'keep', 'corpus')).map((r) => r.id)).toEqual(['d0', 'd1', 'd2', 'd3']);
    expect((await listDatasets(db)).map((d) => [d.id, d.state])).toEqual([['half', 'importing'], ['keep', 'ready']]);
    expect(await db.get('datasets', 'half')).toBeUndefined();
    const staged = await db.get('staging', 'half');
    expect(staged?.status).toMatchObject({ state: 'importing' });
    expect(staged?.status.storeKey).toBeUndefined(); // its rows stay under the bare id
    // Importing it again resumes from its finished part, under the bare id.
    const opened: string[] = [];
    const source = memorySource(halfFiles);
    await importDataset(db, { ...source, openShard: (p, s) => (opened.push(p), source.openShard(p, s)) }, { storage: null });
    expect(opened).not.toContain('corpus-00.jsonl.gz');
    expect(await countRecords(db, 'half', 'corpus')).toBe(6);
  });
});

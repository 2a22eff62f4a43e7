import type { RunConfig } from '../../../src/core/audit/run/runConfig.ts';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openFairgroundDb } from '../../../src/storage/db.ts';
import { prefixRange } from '../../../src/storage/keyRanges.ts';

describe('openFairgroundDb', () => {
  it('openFairgroundDb(name, factory) creates every store with its key path and indexes', async () => {
    const db = await openFairgroundDb('schema', new IDBFactory());
    expect([...db.objectStoreNames].sort()).toEqual(['chunkIds', 'chunks', 'datasets', 'embeddings', 'results', 'runs', 'shardState']);
    const tx = db.transaction(['chunks', 'chunkIds', 'embeddings', 'shardState'], 'readonly');
    expect(tx.objectStore('chunks').keyPath).toEqual(['datasetId', 'shard', 'path', 'chunk']);
    expect(tx.objectStore('chunkIds').keyPath).toEqual(['datasetId', 'shard', 'path', 'chunk']);
    expect([...tx.objectStore('chunks').indexNames]).toEqual([]);
    expect([...tx.objectStore('embeddings').indexNames]).toEqual(['byModel']);
    expect(tx.objectStore('shardState').keyPath).toEqual(['datasetId', 'path']);
    expect(db.version).toBe(2);
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

import { beforeAll, describe, expect, it } from 'vitest';
import { importDataset } from '../../../src/storage/datasetImporter.ts';
import {
  countRecords, DatasetNotReadyError, deleteDataset, findRecord, inIdOrder, listDatasets, pageRecords, readShard, readShardData, storageEstimate,
} from '../../../src/storage/datasetStore.ts';
import type { FairgroundDb } from '../../../src/storage/db.ts';
import { EmbeddingCache } from '../../../src/storage/embeddingCache.ts';
import { freshDb, memorySource, orphanRows, rawRecords, retrievalPackage, storeKeysOf } from './fixtures.ts';

describe('datasetStore', () => {
  let db: FairgroundDb;
  beforeAll(async () => {
    db = await freshDb();
    await importDataset(db, memorySource(retrievalPackage('alpha', 12)), { storage: null, now: () => 1234 });
    await importDataset(db, memorySource(retrievalPackage('beta', 3)), { storage: null });
  });

  it('listDatasets(db) gives title, version, languages, tasks, records, bytes and state', async () => {
    const list = await listDatasets(db);
    expect(list.map((d) => d.id)).toEqual(['alpha', 'beta']);
    expect(list[0]).toMatchObject({
      title: 'Dataset alpha', version: '1.0.0', languages: ['en'], state: 'ready', importedAt: 1234,
      records: 20, recordsByShard: { corpus: 12, queries: 3, qrels: 3, twins: 2 },
    });
    expect(list[0].tasks.map((t) => t.type)).toEqual(['retrieval', 'twins']);
    expect(list[0].bytes).toBeGreaterThan(100);
  });

  it('pageRecords(db, id, shard, offset, limit) walks a shard in identifier order without gaps or overlaps', async () => {
    const all = (await readShard(db, 'alpha', 'corpus')).map((r) => r.id);
    expect(all).toEqual([...all].sort());
    const pages: string[] = [];
    for (let offset = 0; offset < 14; offset += 5) pages.push(...(await pageRecords(db, 'alpha', 'corpus', offset, 5)).map((r) => r.id));
    expect(pages).toEqual(all);
    expect(await pageRecords(db, 'alpha', 'corpus', 12, 5)).toEqual([]);
  });

  it('readShardData(db, id, shard) gives the data of readShard\'s records, in identifier order, whatever the chunk rows hold', async () => {
    for (const batchSize of [1, 5, undefined]) {
      const one = await freshDb();
      await importDataset(one, memorySource(retrievalPackage('alpha', 12)), { storage: null, batchSize });
      for (const shard of ['corpus', 'queries', 'qrels', 'twins']) {
        const records = await readShard(one, 'alpha', shard);
        expect(records.length).toBeGreaterThan(0);
        expect(await readShardData(one, 'alpha', shard), `${shard}, rows of ${batchSize ?? 'default'}`).toEqual(records.map((r) => r.data));
      }
    }
    // d0, d1, d10, d11, d2, …: the imported order (d0 … d11) is not the identifier order.
    expect((await readShardData(db, 'alpha', 'corpus')).map((d) => (d as { _id: string })._id).slice(0, 5)).toEqual(['d0', 'd1', 'd10', 'd11', 'd2']);
    await expect(readShardData(db, 'gamma', 'corpus')).rejects.toBeInstanceOf(DatasetNotReadyError);
  });

  it('readShardData refuses a store whose chunk rows and identifier rows do not pair up, saying what to do', async () => {
    for (const store of ['chunkIds', 'chunks'] as const) {
      const one = await freshDb();
      await importDataset(one, memorySource(retrievalPackage('alpha', 12)), { storage: null, batchSize: 5 });
      const [storeKey] = await storeKeysOf(one, 'alpha');
      const [key] = await one.getAllKeys(store, IDBKeyRange.bound([storeKey, 'corpus'], [storeKey, 'corpus', '\uffff']));
      await one.delete(store, key);
      await expect(readShardData(one, 'alpha', 'corpus'), store).rejects.toThrow(/delete the dataset and import it again/);
      expect((await readShardData(one, 'alpha', 'queries')).length).toBe(3);
    }
  });

  it('inIdOrder(ids, values) orders values by their ids in code-unit order, and returns them as they are when already in it', () => {
    expect(inIdOrder(['b', 'a', 'B', 'a2'], [1, 2, 3, 4])).toEqual([3, 2, 4, 1]);
    const sorted = [1, 2, 3];
    expect(inIdOrder(['a', 'b', 'c'], sorted)).toBe(sorted);
    expect(inIdOrder([], [])).toEqual([]);
  });

  it('findRecord(db, id, shard, recordId) finds one record, undefined when absent', async () => {
    expect((await findRecord(db, 'alpha', 'queries', 'q1'))?.data).toEqual({ _id: 'q1', text: 'query 1' });
    expect((await findRecord(db, 'alpha', 'qrels', 'q1\td1'))?.data).toEqual({ query_id: 'q1', corpus_id: 'd1', score: 2 });
    expect(await findRecord(db, 'alpha', 'queries', 'q9')).toBeUndefined();
  });

  it('countRecords(db, id, shard?) counts a shard or the whole dataset', async () => {
    expect(await countRecords(db, 'alpha', 'corpus')).toBe(12);
    expect(await countRecords(db, 'beta')).toBe(11);
  });

  it('readers throw DatasetNotReadyError for a dataset that is not imported', async () => {
    await expect(readShard(db, 'gamma', 'corpus')).rejects.toBeInstanceOf(DatasetNotReadyError);
    await expect(pageRecords(db, 'gamma', 'corpus', 0, 1)).rejects.toThrow(/not imported/);
  });

  it('deleteDataset(db, id) removes records, shard states and manifest of that dataset only, and keeps embeddings', async () => {
    const db2 = await freshDb();
    await importDataset(db2, memorySource(retrievalPackage('alpha', 4)), { storage: null });
    await importDataset(db2, memorySource(retrievalPackage('alphabet', 4)), { storage: null });
    const cache = new EmbeddingCache(db2);
    await cache.putMany([{ key: 'k', modelKey: 'm', vector: new Float32Array([1]) }]);
    await deleteDataset(db2, 'alpha');
    expect((await listDatasets(db2)).map((d) => d.id)).toEqual(['alphabet']);
    expect(await rawRecords(db2, 'alpha')).toEqual([]);
    const [alphabetKey] = await storeKeysOf(db2, 'alphabet');
    expect((await db2.getAll('shardState')).every((s) => s.datasetId === alphabetKey)).toBe(true);
    expect(await orphanRows(db2)).toEqual([]);
    expect(await countRecords(db2, 'alphabet')).toBe(12);
    expect(await cache.count('m')).toBe(1);
  });

  it('storageEstimate(storage) passes usage and quota through, undefined without the API', async () => {
    expect(await storageEstimate({ estimate: async () => ({ usage: 5, quota: 10 }) })).toEqual({ usage: 5, quota: 10 });
    expect(await storageEstimate({})).toBeUndefined();
  });
});

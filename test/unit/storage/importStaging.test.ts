/**
 * A re-import is staged: the new version is written under its own store key and swapped in, in
 * one transaction, only once it is complete. Until then the stored version stays ready and
 * readable; a failure leaves it untouched.
 */
import { describe, expect, it, vi } from 'vitest';
import { importDataset } from '../../../src/storage/datasetImporter.ts';
import { countRecords, deleteDataset, getDataset, listDatasets, readShard } from '../../../src/storage/datasetStore.ts';
import { ImportError } from '../../../src/storage/importError.ts';
import type { DatasetSource } from '../../../src/storage/sources.ts';
import {
  failingSource, freshDb, gzip, jsonl, memorySource, orphanRows, packageFiles, pausingSource, rawRecords, stagedKey, storeKeysOf, utf8,
} from './fixtures.ts';

const TASKS = [{ type: 'retrieval', name: 'main', corpus: 'corpus', queries: 'queries', qrels: 'qrels' }];

/**
 * Version `version` of dataset "x": `docs` documents in two corpus parts, 4 queries, 4 qrels.
 * `badLine` makes that line of the second corpus part malformed JSON.
 */
function datasetX(version: string, docs: number, badLine?: number) {
  const rows = Array.from({ length: docs }, (_, i) => JSON.stringify({ _id: `d${i}`, text: `${version} text ${i}` }));
  const half = Math.ceil(docs / 2);
  const second = rows.slice(half);
  if (badLine !== undefined) second[badLine - 1] = '{"_id": "d-bad", "text": oops';
  const queries = Array.from({ length: 4 }, (_, i) => ({ _id: `q${i}`, text: `query ${i}` }));
  return packageFiles(
    'x',
    [
      { name: 'corpus', kind: 'corpus', path: 'corpus-00.jsonl.gz', bytes: gzip(utf8(rows.slice(0, half).join('\n') + '\n')) },
      { name: 'corpus', kind: 'corpus', path: 'corpus-01.jsonl.gz', bytes: gzip(utf8(second.join('\n') + '\n')) },
      { name: 'queries', kind: 'queries', path: 'queries.jsonl', bytes: utf8(jsonl(queries)) },
      { name: 'qrels', kind: 'qrels', path: 'qrels.tsv', bytes: utf8(queries.map((q, i) => `${q._id}\td${i}\t1`).join('\n') + '\n') },
    ],
    TASKS,
    undefined,
    version,
  );
}

/** A source that records which paths were opened. */
function spying(inner: DatasetSource, opened: string[]): DatasetSource {
  return { ...inner, openShard: (p, s) => (opened.push(p), inner.openShard(p, s)) };
}

describe('importDataset of a newer version (staged)', () => {
  it('a newer version with a malformed line fails naming its line, and the stored version stays ready with every record', async () => {
    const db = await freshDb();
    await importDataset(db, memorySource(datasetX('1.0.0', 127)), { storage: null }); // 127 + 4 + 4 = 135 records
    const entry = await getDataset(db, 'x');
    const [key] = await storeKeysOf(db, 'x');
    const records = await rawRecords(db, 'x', key);
    expect(await countRecords(db, 'x')).toBe(135);

    const error = await importDataset(db, memorySource(datasetX('2.0.0', 160, 17)), { storage: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect(error).toMatchObject({ code: 'format', shard: 'corpus', path: 'corpus-01.jsonl.gz', line: 17 });
    expect((error as ImportError).message).toMatch(/^shard "corpus" \(corpus-01\.jsonl\.gz\) line 17: malformed JSON/);

    expect(await getDataset(db, 'x')).toEqual(entry);
    expect(await rawRecords(db, 'x', key)).toEqual(records);
    expect(await countRecords(db, 'x')).toBe(135);
    expect((await readShard(db, 'x', 'corpus')).find((r) => r.id === 'd5')?.data).toEqual({ _id: 'd5', text: '1.0.0 text 5' });
    const [summary] = await listDatasets(db);
    expect(summary).toMatchObject({
      id: 'x', version: '1.0.0', state: 'ready', records: 135,
      update: { version: '2.0.0', state: 'failed', error: { path: 'corpus-01.jsonl.gz', line: 17 } },
    });
    expect(await orphanRows(db)).toEqual([]);
  });

  it('a reader during the import of a newer version sees the old complete version, then the new one, never a mix', async () => {
    const db = await freshDb();
    await importDataset(db, memorySource(datasetX('1.0.0', 20)), { storage: null });
    const oldKey = (await storeKeysOf(db, 'x'))[0];
    const paused = pausingSource(memorySource(datasetX('2.0.0', 30)), 'corpus-01.jsonl.gz', 40);
    const running = importDataset(db, paused.source, { storage: null, batchSize: 2 });
    await paused.reached;
    // Half of the new version is written; readers still get the old one, whole.
    expect((await rawRecords(db, 'x', await stagedKey(db, 'x'))).length).toBeGreaterThan(0);
    expect(await countRecords(db, 'x')).toBe(28);
    const during = await readShard(db, 'x', 'corpus');
    expect(during).toHaveLength(20);
    expect(during.every((r) => (r.data as { text: string }).text.startsWith('1.0.0'))).toBe(true);
    expect((await getDataset(db, 'x'))?.manifest.version).toBe('1.0.0');
    paused.open();
    expect((await running).records).toEqual({ corpus: 30, queries: 4, qrels: 4 });
    const after = await readShard(db, 'x', 'corpus');
    expect(after).toHaveLength(30);
    expect(after.every((r) => (r.data as { text: string }).text.startsWith('2.0.0'))).toBe(true);
    expect((await getDataset(db, 'x'))?.manifest.version).toBe('2.0.0');
    // The swap removed the old version's rows and the staging row.
    expect(await rawRecords(db, 'x', oldKey)).toEqual([]);
    expect(await db.get('staging', 'x')).toBeUndefined();
    expect(await orphanRows(db)).toEqual([]);
  });

  it('a newer version that failed mid-part resumes from its finished parts, and the old version stays ready meanwhile', async () => {
    const db = await freshDb();
    await importDataset(db, memorySource(datasetX('1.0.0', 10)), { storage: null });
    const v2 = datasetX('2.0.0', 12);
    const error = await importDataset(db, failingSource(memorySource(v2), 'queries.jsonl', 14), { storage: null }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'source', path: 'queries.jsonl' });
    expect((await getDataset(db, 'x'))?.status).toMatchObject({ state: 'ready', records: { corpus: 10 } });
    const opened: string[] = [];
    const result = await importDataset(db, spying(memorySource(v2), opened), { storage: null });
    expect(result.records).toEqual({ corpus: 12, queries: 4, qrels: 4 });
    expect(opened).toEqual(['queries.jsonl', 'qrels.tsv']);
    expect(await countRecords(db, 'x', 'corpus')).toBe(12);
    expect(await storeKeysOf(db, 'x')).toHaveLength(1);
    expect(await orphanRows(db)).toEqual([]);
  });

  it('a third manifest replaces a failed staged one: its rows are removed, the stored version is kept', async () => {
    const db = await freshDb();
    await importDataset(db, memorySource(datasetX('1.0.0', 10)), { storage: null });
    await importDataset(db, memorySource(datasetX('2.0.0', 12, 3)), { storage: null }).catch(() => undefined);
    const failedKey = await stagedKey(db, 'x');
    expect((await rawRecords(db, 'x', failedKey)).length).toBeGreaterThan(0); // its first part, kept for a resume
    await importDataset(db, memorySource(datasetX('3.0.0', 14)), { storage: null });
    expect(await rawRecords(db, 'x', failedKey)).toEqual([]);
    expect(await countRecords(db, 'x', 'corpus')).toBe(14);
    expect(await orphanRows(db)).toEqual([]);
  });

  it('a swap that fails leaves the stored version ready, and the next import of the same manifest swaps it in without reading a shard', async () => {
    const db = await freshDb();
    await importDataset(db, memorySource(datasetX('1.0.0', 10)), { storage: null });
    const original = IDBObjectStore.prototype.put;
    // fake-indexeddb/auto installs its IDBObjectStore globally: refuse the one write that makes v2 ready.
    const spy = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<typeof original>) {
      const row = args[0] as { status?: { state?: string }; manifest?: { version?: string } };
      if (row?.status?.state === 'ready' && row.manifest?.version === '2.0.0') throw new DOMException('disk on fire', 'UnknownError');
      return original.apply(this, args);
    });
    const v2 = datasetX('2.0.0', 12);
    const error = await importDataset(db, memorySource(v2), { storage: null }).catch((e: unknown) => e);
    spy.mockRestore();
    expect(error).toMatchObject({ code: 'storage', message: expect.stringMatching(/could not write: disk on fire/) });
    expect((await getDataset(db, 'x'))?.manifest.version).toBe('1.0.0');
    expect(await countRecords(db, 'x', 'corpus')).toBe(10);
    const opened: string[] = [];
    expect((await importDataset(db, spying(memorySource(v2), opened), { storage: null })).records.corpus).toBe(12);
    expect(opened).toEqual([]);
    expect((await getDataset(db, 'x'))?.manifest.version).toBe('2.0.0');
    expect(await orphanRows(db)).toEqual([]);
  });

  it('deleteDataset during an import stops it at its next write: it never becomes ready and leaves no row behind', async () => {
    for (const first of [true, false]) {
      const db = await freshDb();
      if (!first) await importDataset(db, memorySource(datasetX('1.0.0', 10)), { storage: null });
      const paused = pausingSource(memorySource(datasetX('2.0.0', 30)), 'corpus-01.jsonl.gz', 40);
      const running = importDataset(db, paused.source, { storage: null, batchSize: 2 }).catch((e: unknown) => e);
      await paused.reached;
      await deleteDataset(db, 'x');
      paused.open();
      const error = await running;
      expect(error, first ? 'first import' : 're-import').toBeInstanceOf(ImportError);
      expect(error).toMatchObject({ code: 'deleted' });
      expect((error as ImportError).message).toMatch(/deleted while it was being imported/);
      expect(await getDataset(db, 'x')).toBeUndefined();
      expect(await listDatasets(db)).toEqual([]);
      for (const store of ['chunks', 'chunkIds', 'shardState', 'staging', 'datasets'] as const) expect(await db.count(store), store).toBe(0);
    }
  });
});

import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CHUNK_CHARS, CHUNK_RECORDS } from '../../../src/storage/chunks.ts';
import { importDataset } from '../../../src/storage/datasetImporter.ts';
import { countRecords, findRecord, getDataset, listDatasets, pageRecords, readShard } from '../../../src/storage/datasetStore.ts';
import { openFairgroundDb } from '../../../src/storage/db.ts';
import { IdHashTable } from '../../../src/storage/idTable.ts';
import { ImportError } from '../../../src/storage/importError.ts';
import { REIMPORT_MESSAGE } from '../../../src/storage/schema.ts';
import { COMMIT, importShard, WAIT_COMMIT } from '../../../src/storage/shardImporter.ts';
import type { DatasetSource } from '../../../src/storage/sources.ts';
import { freshDb, gzip, jsonl, memorySource, packageFiles, rawRecords, retrievalPackage, sha256, stagedKey, utf8 } from './fixtures.ts';

/** `n` corpus records with ids in an order that is not identifier order (d0, d1, d10, …). */
const docs = (n: number, text = (i: number) => `text ${i}`) => Array.from({ length: n }, (_, i) => ({ _id: `d${i}`, text: text(i) }));
const TASKS = [{ type: 'retrieval', name: 'main', corpus: 'corpus', queries: 'queries', qrels: 'qrels' }];

/** A package whose corpus is one part holding `rows`. */
function corpusPackage(rows: readonly object[], id = 'big') {
  return packageFiles(
    id,
    [
      { name: 'corpus', kind: 'corpus', path: 'corpus.jsonl.gz', bytes: gzip(utf8(jsonl(rows))) },
      { name: 'queries', kind: 'queries', path: 'queries.jsonl', bytes: utf8(jsonl([{ _id: 'q0', text: 'q' }])) },
      { name: 'qrels', kind: 'qrels', path: 'qrels.tsv', bytes: utf8('q0\td0\t1\n') },
    ],
    TASKS,
  );
}

const sorted = (ids: string[]) => [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

function spying(inner: DatasetSource, opened: string[]): DatasetSource {
  return { ...inner, openShard: (p, s) => (opened.push(p), inner.openShard(p, s)) };
}

describe('chunk rows', () => {
  // Chunks of 1,000 records (ImportOptions.batchSize) so that pages of 333 straddle their boundaries.
  for (const [n, chunks] of [[1000, [1000]], [1001, [1000, 1]], [2000, [1000, 1000]]] as const) {
    it(`a part of exactly ${n} records is stored as chunks of ${chunks.join(' + ')} and read back whole, in identifier order`, async () => {
      const db = await freshDb();
      const rows = docs(n);
      await importDataset(db, memorySource(corpusPackage(rows)), { storage: null, batchSize: 1000 });
      const idRows = (await db.getAll('chunkIds')).filter((r) => r.shard === 'corpus');
      expect(idRows.map((r) => r.ids.length)).toEqual(chunks);
      expect(idRows.map((r) => r.chunk)).toEqual(chunks.map((_, i) => i));
      const all = await readShard(db, 'big', 'corpus');
      expect(all.map((r) => r.id)).toEqual(sorted(rows.map((r) => r._id)));
      expect(all[0]).toEqual({ datasetId: 'big', shard: 'corpus', path: 'corpus.jsonl.gz', id: 'd0', kind: 'corpus', data: { _id: 'd0', text: 'text 0' } });
      expect(await countRecords(db, 'big', 'corpus')).toBe(n);
      const last = `d${n - 1}`;
      expect((await findRecord(db, 'big', 'corpus', last))?.data).toEqual({ _id: last, text: `text ${n - 1}` });
      expect(await findRecord(db, 'big', 'corpus', `d${n}`)).toBeUndefined();
      // Pages that straddle the chunk boundary, in identifier order.
      const paged: string[] = [];
      for (let offset = 0; offset < n; offset += 333) paged.push(...(await pageRecords(db, 'big', 'corpus', offset, 333)).map((r) => r.id));
      expect(paged).toEqual(all.map((r) => r.id));
      expect(await pageRecords(db, 'big', 'corpus', n, 5)).toEqual([]);
    });
  }

  it("times each chunk's write in User Timing measures (one COMMIT per chunk), and leaves none behind once the part ends", async () => {
    const seen: string[] = [];
    const observer = new PerformanceObserver((list) => seen.push(...list.getEntries().map((e) => e.name)));
    observer.observe({ entryTypes: ['measure'] });
    const db = await freshDb();
    await importDataset(db, memorySource(corpusPackage(docs(2500))), { storage: null, batchSize: 1000 });
    await new Promise((r) => setTimeout(r, 0));
    observer.disconnect();
    const chunkRows = (await db.getAll('chunkIds')).length;
    expect(chunkRows).toBeGreaterThanOrEqual(3); // the corpus's 2,500 records are three chunks
    expect(seen.filter((n) => n === COMMIT)).toHaveLength(chunkRows);
    expect(seen.filter((n) => n === WAIT_COMMIT).length).toBeGreaterThanOrEqual(chunkRows);
    expect(performance.getEntriesByName(COMMIT)).toEqual([]);
    expect(performance.getEntriesByName(WAIT_COMMIT)).toEqual([]);
  });

  it(`by default a chunk row holds up to CHUNK_RECORDS (${CHUNK_RECORDS}) small records: one transaction where 1,000 a row took many`, async () => {
    const db = await freshDb();
    const rows = docs(CHUNK_RECORDS + 1);
    await importDataset(db, memorySource(corpusPackage(rows)), { storage: null });
    const idRows = (await db.getAll('chunkIds')).filter((r) => r.shard === 'corpus');
    expect(idRows.map((r) => r.ids.length)).toEqual([CHUNK_RECORDS, 1]);
    expect((await readShard(db, 'big', 'corpus')).map((r) => r.id)).toEqual(sorted(rows.map((r) => r._id)));
  });

  it('a chunk also ends at ~1 MiB of text, whatever its record count', async () => {
    const db = await freshDb();
    const rows = docs(300, (i) => `${i} `.padEnd(10_000, 'x'));
    await importDataset(db, memorySource(corpusPackage(rows)), { storage: null });
    const chunks = (await db.getAll('chunks')).filter((r) => r.shard === 'corpus');
    expect(chunks.length).toBeGreaterThan(2);
    for (const c of chunks) expect(c.lines.length).toBeLessThan(CHUNK_CHARS + 11_000);
    expect((await readShard(db, 'big', 'corpus')).map((r) => r.id)).toEqual(sorted(rows.map((r) => r._id)));
  });

  it('an import aborted mid-part (after its first chunk) resumes the part from its start to exactly every record', async () => {
    const db = await freshDb();
    const rows = docs(2500);
    const files = corpusPackage(rows);
    const controller = new AbortController();
    await expect(
      importDataset(db, memorySource(files), {
        storage: null, batchSize: 1000, progressIntervalMs: 0, signal: controller.signal,
        onProgress: (p) => p.recordsDone >= 1000 && controller.abort(),
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(await db.get('shardState', [await stagedKey(db, 'big'), 'corpus.jsonl.gz'])).toMatchObject({ state: 'partial', lines: 1000 });
    expect(await rawRecords(db, 'big')).toHaveLength(1000);

    const opened: string[] = [];
    const result = await importDataset(db, spying(memorySource(files), opened), { storage: null });
    expect(result.records).toEqual({ corpus: 2500, queries: 1, qrels: 1 });
    expect(opened[0]).toBe('corpus.jsonl.gz');
    const stored = await rawRecords(db, 'big');
    expect(stored.filter((r) => r.shard === 'corpus').map((r) => r.id)).toEqual(rows.map((r) => r._id));
    expect((await readShard(db, 'big', 'corpus')).map((r) => r.id)).toEqual(sorted(rows.map((r) => r._id)));
  });

  it('a duplicate id in a later chunk of the same part is refused at its line and the part removed', async () => {
    const rows = docs(1500);
    rows[1299] = { _id: 'd5', text: 'again' };
    const db = await freshDb();
    await importDataset(db, memorySource(retrievalPackage('other', 4)), { storage: null });
    const error = await importDataset(db, memorySource(corpusPackage(rows)), { storage: null }).catch((e) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect(error).toMatchObject({ code: 'duplicate', path: 'corpus.jsonl.gz', line: 1300 });
    expect(error.message).toMatch(/duplicate identifier "d5"/);
    expect(await rawRecords(db, 'big')).toEqual([]);
    expect(await countRecords(db, 'other')).toBe(12);
  });

  it('a duplicate across parts is found when the first part was imported by an earlier, interrupted import', async () => {
    const part0 = docs(1200);
    const part1 = [{ _id: 'x', text: '1' }, { _id: 'd1100', text: 'again' }];
    const files = packageFiles('split', [
      { name: 'corpus', kind: 'corpus', path: 'c0.jsonl', bytes: utf8(jsonl(part0)) },
      { name: 'corpus', kind: 'corpus', path: 'c1.jsonl', bytes: utf8(jsonl(part1)) },
    ], []);
    const db = await freshDb();
    const controller = new AbortController();
    await importDataset(db, memorySource(files), {
      storage: null, progressIntervalMs: 0, signal: controller.signal,
      onProgress: (p) => p.shard === 'corpus' && p.recordsDone >= 1200 && controller.abort(),
    }).catch(() => undefined);
    expect(await db.get('shardState', [await stagedKey(db, 'split'), 'c0.jsonl'])).toMatchObject({ state: 'done' });
    const error = await importDataset(db, memorySource(files), { storage: null }).catch((e) => e);
    expect(error).toMatchObject({ code: 'duplicate', path: 'c1.jsonl', line: 2 });
  });

  it('a hash hit that is not a duplicate is confirmed false by exact comparison (every id colliding)', async () => {
    const db = await freshDb();
    const rows = [...docs(20), { _id: 'd3', text: 'dup' }];
    const files = corpusPackage(rows, 'col');
    const entry = { name: 'corpus', kind: 'corpus' as const, path: 'corpus.jsonl.gz' };
    const collide = () => new IdHashTable((_id, out) => { out[0] = 7; out[1] = 7; });
    // importShard writes only while its version is staged: stage "col" under the store key "col".
    const { manifest } = await memorySource(files).readManifest();
    await db.put('staging', { id: 'col', manifest, status: { state: 'importing', storeKey: 'col', bytes: 0, records: {}, unknownQrels: {}, manifestSha256: '' } });
    const target = { datasetId: 'col', storeKey: 'col' };
    const base = { db, target, source: memorySource(files), batchSize: 3, onBytes: () => {}, onRecords: () => {} };
    // The first 20 records alone (all hashes equal, none a duplicate).
    const first = corpusPackage(docs(20), 'col');
    const ok = await importShard({ ...base, source: memorySource(first), entry, seenIds: collide() });
    expect(ok.records).toBe(20);
    expect((await rawRecords(db, 'col')).map((r) => r.id)).toEqual(docs(20).map((r) => r._id));
    // With the true duplicate at line 21 (in a later chunk).
    const error = await importShard({ ...base, entry, seenIds: collide() }).catch((e) => e);
    expect(error).toMatchObject({ code: 'duplicate', line: 21 });
    expect(await rawRecords(db, 'col')).toEqual([]);
  });
});

describe('IdHashTable', () => {
  it('addOrHit adds a new id (false) and hits an id seen before (true), across growth', () => {
    const table = new IdHashTable(undefined, 16);
    for (let i = 0; i < 50_000; i++) expect(table.addOrHit(`id-${i}`)).toBe(false);
    expect(table.size).toBe(50_000);
    for (let i = 0; i < 50_000; i += 997) expect(table.addOrHit(`id-${i}`)).toBe(true);
    expect(table.addOrHit('q1\td1')).toBe(false);
    expect(table.addOrHit('q1\td1')).toBe(true);
  });
});

describe('upgrade from schema v1', () => {
  it('v1 → v4 drops the per-record rows, keeps other stores, and marks stored datasets for re-import', async () => {
    const factory = new IDBFactory();
    const files = retrievalPackage('old', 4);
    const manifestBytes = files.get('manifest.json')!;
    const manifest = JSON.parse(new TextDecoder().decode(manifestBytes));
    // A v1 database as the previous release created it.
    await new Promise<void>((resolve, reject) => {
      const req = factory.open('up', 1);
      req.onupgradeneeded = () => {
        const db = req.result;
        db.createObjectStore('datasets', { keyPath: 'id' });
        const records = db.createObjectStore('records', { keyPath: ['datasetId', 'shard', 'id'] });
        records.createIndex('byShard', ['datasetId', 'shard']);
        records.createIndex('byDataset', 'datasetId');
        records.createIndex('byPart', ['datasetId', 'path']);
        db.createObjectStore('shardState', { keyPath: ['datasetId', 'path'] });
        db.createObjectStore('embeddings', { keyPath: 'key' }).createIndex('byModel', 'modelId');
        db.createObjectStore('runs', { keyPath: 'id' });
        db.createObjectStore('results', { keyPath: 'runId' });
      };
      req.onsuccess = () => {
        const db = req.result;
        const tx = db.transaction(['datasets', 'records', 'shardState', 'runs'], 'readwrite');
        tx.objectStore('datasets').put({
          id: 'old', manifest,
          status: { state: 'ready', importedAt: 1, bytes: 100, records: { corpus: 4 }, unknownQrels: {}, manifestSha256: sha256(manifestBytes) },
        });
        tx.objectStore('records').put({ datasetId: 'old', shard: 'corpus', path: 'corpus-00.jsonl.gz', id: 'd0', kind: 'corpus', data: { _id: 'd0', text: 'x' } });
        tx.objectStore('shardState').put({ datasetId: 'old', path: 'corpus-00.jsonl.gz', state: 'done', records: 2, bytes: 50, unknownQrels: 0 });
        tx.objectStore('runs').put({ id: 'r', createdAt: 1, updatedAt: 1, status: 'done', config: {}, progress: {} });
        tx.oncomplete = () => (db.close(), resolve());
        tx.onerror = () => reject(tx.error);
      };
      req.onerror = () => reject(req.error);
    });

    const db = await openFairgroundDb('up', factory);
    expect(db.version).toBe(4);
    expect([...db.objectStoreNames].sort()).toEqual(['chunkIds', 'chunks', 'datasets', 'drafts', 'embeddings', 'results', 'reviews', 'runs', 'shardState', 'staging']);
    expect((await db.get('runs', 'r'))?.status).toBe('done');
    expect(await db.getAll('shardState')).toEqual([]);
    const [summary] = await listDatasets(db);
    expect(summary).toMatchObject({ id: 'old', state: 'failed', records: 0, error: { message: REIMPORT_MESSAGE } });
    expect(summary.error?.message).toMatch(/import it again/);
    await expect(readShard(db, 'old', 'corpus')).rejects.toThrow(/not ready \(failed\)/);

    // Importing the same package again reads every part and makes it ready.
    const opened: string[] = [];
    const result = await importDataset(db, spying(memorySource(files), opened), { storage: null });
    expect(result).toMatchObject({ skipped: false, records: { corpus: 4, queries: 3, qrels: 3, twins: 2 } });
    expect(opened.sort()).toEqual([...files.keys()].filter((p) => p !== 'manifest.json').sort());
    expect((await getDataset(db, 'old'))?.status).toMatchObject({ state: 'ready' });
    expect((await readShard(db, 'old', 'corpus')).map((r) => r.id)).toEqual(['d0', 'd1', 'd2', 'd3']);
  });
});

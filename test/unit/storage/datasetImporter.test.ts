import { describe, expect, it } from 'vitest';
import { importDataset } from '../../../src/storage/datasetImporter.ts';
import { workerShardReader } from '../../../src/storage/inflateWorker.ts';
import { countRecords, getDataset, readShard } from '../../../src/storage/datasetStore.ts';
import type { ImportProgress } from '../../../src/storage/importProgress.ts';
import { sharedExternal } from '../../sharedExternal.ts';
import { channelReader, freshDb, gzip, memorySource, packageFiles, rawRecords, retrievalPackage, utf8, jsonl } from './fixtures.ts';

const BEIR_TEST = 'importDataset imports a plain MTEB folder without a manifest (real BEIR subset)';
const beir = sharedExternal('beir-dbpedia-entity-subset', [`${BEIR_TEST} (test/unit/storage/datasetImporter.test.ts)`]);

describe('importDataset', () => {
  it('importDataset(db, source) stores every shard, checks hashes and marks the dataset ready', async () => {
    const db = await freshDb();
    const result = await importDataset(db, memorySource(retrievalPackage('demo', 10)), { storage: null });
    expect(result).toMatchObject({
      datasetId: 'demo', version: '1.0.0', skipped: false,
      records: { corpus: 10, queries: 3, qrels: 3, twins: 2 }, unknownQrels: 0,
    });
    const entry = await getDataset(db, 'demo');
    expect(entry?.status.state).toBe('ready');
    expect(entry?.status.manifestSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await countRecords(db, 'demo')).toBe(18);
    const corpus = await readShard(db, 'demo', 'corpus');
    expect(corpus.map((r) => r.id).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `d${i}`).sort());
    expect(corpus.find((r) => r.id === 'd7')?.data).toEqual({ _id: 'd7', title: 'Doc 7', text: 'text 7 é', lang: 'en' });
    const qrels = await readShard(db, 'demo', 'qrels');
    expect(qrels.map((r) => r.data)).toContainEqual({ query_id: 'q2', corpus_id: 'd2', score: 3 });
    const states = await db.getAll('shardState');
    expect(states.map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'done']);
  });

  it('importDataset through the inflate channel stores the same records, progress and result as in this thread', async () => {
    const files = retrievalPackage('demo', 300);
    const runs = [];
    for (const reader of [undefined, channelReader()]) {
      const db = await freshDb();
      let bytes = 0;
      const result = await importDataset(db, memorySource(files), {
        storage: null, batchSize: 7, shardReader: reader?.read, progressIntervalMs: 0,
        onProgress: (p) => (bytes = p.bytesDone),
      });
      runs.push({ result, bytes, records: await rawRecords(db, 'demo'), served: reader?.served() });
    }
    expect(runs[1].served).toBe(5); // every part went through the channel
    expect(runs[1].result).toEqual(runs[0].result);
    expect(runs[1].bytes).toBe(runs[0].bytes);
    expect(runs[1].records).toEqual(runs[0].records);
  });

  it('importDataset goes on in this thread when the inflate worker fails to start (e.g. its script does not load)', async () => {
    let posted = 0;
    const failing = {
      postMessage: () => posted++,
      addEventListener: (type: string, listener: (e: { preventDefault(): void }) => void) => {
        if (type === 'error') queueMicrotask(() => listener({ preventDefault: () => undefined }));
      },
      terminate: () => undefined,
    };
    const reader = workerShardReader(() => failing as unknown as Worker);
    const db = await freshDb();
    const result = await importDataset(db, memorySource(retrievalPackage('demo', 10)), { storage: null, shardReader: reader.read });
    expect(result.records).toEqual({ corpus: 10, queries: 3, qrels: 3, twins: 2 });
    expect(posted).toBe(0); // no shard was handed to the dead worker
    reader.dispose();
  });

  it('importDataset reports progress whose bytesDone never goes down and ends at bytesTotal', async () => {
    const db = await freshDb();
    const files = retrievalPackage('demo', 40);
    const reports: ImportProgress[] = [];
    await importDataset(db, memorySource(files), { storage: null, progressIntervalMs: 0, batchSize: 5, onProgress: (p) => reports.push(p) });
    const total = [...files].filter(([p]) => p !== 'manifest.json').reduce((s, [, b]) => s + b.length, 0);
    expect(reports.length).toBeGreaterThan(5);
    for (let i = 1; i < reports.length; i++) expect(reports[i].bytesDone).toBeGreaterThanOrEqual(reports[i - 1].bytesDone);
    const last = reports.at(-1)!;
    expect(last).toMatchObject({ datasetId: 'demo', bytesDone: total, bytesTotal: total, recordsDone: 48 });
    expect(new Set(reports.map((r) => r.shard))).toEqual(new Set(['corpus', 'queries', 'qrels', 'twins']));
  });

  it('importDataset of an already ready dataset with the same manifest is a no-op', async () => {
    const db = await freshDb();
    const files = retrievalPackage('demo', 6);
    await importDataset(db, memorySource(files), { storage: null });
    const before = await getDataset(db, 'demo');
    let opened = 0;
    const source = memorySource(files);
    const counting = { ...source, openShard: (p: string) => (opened++, source.openShard(p)) };
    const again = await importDataset(db, counting, { storage: null });
    expect(again).toMatchObject({ skipped: true, records: { corpus: 6, queries: 3, qrels: 3, twins: 2 } });
    expect(opened).toBe(0);
    expect(await getDataset(db, 'demo')).toEqual(before);
  });

  it('importDataset of a new manifest for the same id replaces the old records', async () => {
    const db = await freshDb();
    await importDataset(db, memorySource(retrievalPackage('demo', 10)), { storage: null });
    const smaller = retrievalPackage('demo', 4);
    const result = await importDataset(db, memorySource(smaller), { storage: null });
    expect(result.records.corpus).toBe(4);
    expect((await rawRecords(db, 'demo')).filter((r) => r.shard === 'corpus')).toHaveLength(4);
  });

  it('importDataset of a new manifest refused for lack of space keeps the old version ready', async () => {
    const db = await freshDb();
    await importDataset(db, memorySource(retrievalPackage('demo', 4)), { storage: null });
    const full = { estimate: async () => ({ usage: 100, quota: 100 }) };
    await expect(importDataset(db, memorySource(retrievalPackage('demo', 9)), { storage: full })).rejects.toMatchObject({ code: 'space' });
    expect((await getDataset(db, 'demo'))?.status).toMatchObject({ state: 'ready', records: { corpus: 4 } });
    expect(await countRecords(db, 'demo', 'corpus')).toBe(4);
  });

  it('importDataset counts qrels naming unknown queries or documents and still imports them', async () => {
    const db = await freshDb();
    const files = retrievalPackage('demo', 5, ['q0\tnope\t1', 'ghost\td1\t2', 'ghost\tnope\t0']);
    const result = await importDataset(db, memorySource(files), { storage: null });
    expect(result.unknownQrels).toBe(3);
    expect(result.unknownQrelsByShard).toEqual({ qrels: 3 });
    expect(result.records.qrels).toBe(6);
    expect((await getDataset(db, 'demo'))?.status.unknownQrels).toEqual({ qrels: 3 });
  });

  it('importDataset of a dataset already being imported in this page waits for that import (onWaiting), then finds it imported', async () => {
    const db = await freshDb();
    const files = retrievalPackage('demo', 4);
    const first = importDataset(db, memorySource(files), { storage: null });
    let waited = 0;
    const second = importDataset(db, memorySource(files), { storage: null, onWaiting: () => waited++ });
    expect((await first).records.corpus).toBe(4);
    expect(await second).toMatchObject({ skipped: true, records: { corpus: 4 } });
    expect(waited).toBe(1);
  });

  it('importDataset waiting for another import of the same dataset gives up when its signal aborts', async () => {
    const db = await freshDb();
    const files = retrievalPackage('demo', 4);
    const first = importDataset(db, memorySource(files), { storage: null });
    const controller = new AbortController();
    const second = importDataset(db, memorySource(files), { storage: null, signal: controller.signal, onWaiting: () => controller.abort() });
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    expect((await first).skipped).toBe(false);
  });

  it('importDataset keeps two datasets apart', async () => {
    const db = await freshDb();
    await importDataset(db, memorySource(retrievalPackage('a', 4)), { storage: null });
    await importDataset(db, memorySource(retrievalPackage('b', 6)), { storage: null });
    expect(await countRecords(db, 'a', 'corpus')).toBe(4);
    expect(await countRecords(db, 'b', 'corpus')).toBe(6);
  });

  it('importDataset reads screening shards (jobs, cvs, pools, variants, labels) and predictions', async () => {
    const db = await freshDb();
    const shard = (name: string, rows: object[]) => ({ name, kind: name, path: `${name}.jsonl.gz`, bytes: gzip(utf8(jsonl(rows))) });
    const files = packageFiles(
      'screen',
      [
        shard('jobs', [{ _id: 'j1', text: 'job', occupation: 'nurse' }]),
        shard('cvs', [{ _id: 'c1', text: 'cv one' }, { _id: 'c2', text: 'cv two' }]),
        shard('pools', [{ job_id: 'j1', cv_ids: ['c1', 'c2'] }]),
        shard('variants', [{ cv_id: 'c1', variant_id: 'c1.f', attribute: 'gender', group: 'female', signal: 'explicit', name: 'Ann', text: 'cv' }]),
        shard('labels', [{ job_id: 'j1', cv_id: 'c1', label: 1, split: 'tune' }, { job_id: 'j1', cv_id: 'c2', label: 0, split: 'test' }]),
        shard('predictions', [{ id: 'p1', output: 'x' }, { output: 'no id' }]),
      ],
      [
        { type: 'screening', name: 's', jobs: 'jobs', cvs: 'cvs', pools: 'pools', variants: 'variants', labels: 'labels', splits: { tune: 'tune', test: 'test' } },
        { type: 'predictions', name: 'p', task_kind: 'generation', predictions: 'predictions' },
      ],
    );
    const result = await importDataset(db, memorySource(files), { storage: null });
    expect(result.records).toEqual({ jobs: 1, cvs: 2, pools: 1, variants: 1, labels: 2, predictions: 2 });
    expect((await readShard(db, 'screen', 'labels')).map((r) => r.id)).toEqual(['j1\tc1', 'j1\tc2']);
    expect((await readShard(db, 'screen', 'predictions')).map((r) => r.id).sort()).toEqual(['line:2', 'p1']);
  });

  it.skipIf(beir.skip !== false)(BEIR_TEST, async () => {
    const { readFile } = await import('node:fs/promises');
    const names = ['corpus.jsonl', 'queries.jsonl', 'qrels/test.tsv'];
    const files = await Promise.all(names.map(async (n) => ({ path: `dbpedia/${n}`, file: new Blob([await readFile(beir.path(n))]) })));
    const { filesSource } = await import('../../../src/storage/sources.ts');
    const db = await freshDb();
    const result = await importDataset(db, filesSource(files), { storage: null, batchSize: 2000 });
    expect(result).toMatchObject({ datasetId: 'dbpedia', records: { corpus: 5000, queries: 50, qrels: 3709 }, unknownQrels: 0 });
  });
});

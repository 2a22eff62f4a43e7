import { describe, expect, it } from 'vitest';
import { importDataset } from '../../../src/storage/datasetImporter.ts';
import { DatasetNotReadyError, getDataset, listDatasets, readShard } from '../../../src/storage/datasetStore.ts';
import { ImportError } from '../../../src/storage/importError.ts';
import type { DatasetSource } from '../../../src/storage/sources.ts';
import { failingSource, freshDb, memorySource, rawRecords, retrievalPackage, stagedKey } from './fixtures.ts';

const files = retrievalPackage('demo', 10);
const TOTAL = 18; // 10 corpus + 3 queries + 3 qrels + 2 twins
const EXPECTED = { corpus: 10, queries: 3, qrels: 3, twins: 2 };

/** A source that records which paths were opened. */
function spying(inner: DatasetSource, opened: string[]): DatasetSource {
  return { ...inner, openShard: (p, s) => (opened.push(p), inner.openShard(p, s)) };
}

describe('importDataset resume', () => {
  it('an import aborted after every record count resumes to exactly the full dataset', async () => {
    for (let n = 1; n < TOTAL; n++) {
      const db = await freshDb();
      const controller = new AbortController();
      const first = importDataset(db, memorySource(files), {
        storage: null, batchSize: 1, progressIntervalMs: 0, signal: controller.signal,
        onProgress: (p) => {
          if (p.recordsDone >= n) controller.abort();
        },
      });
      await expect(first, `abort after ${n}`).rejects.toMatchObject({ name: 'AbortError' });
      expect((await getDataset(db, 'demo'))?.status.state).toBe('importing');
      await expect(readShard(db, 'demo', 'corpus')).rejects.toBeInstanceOf(DatasetNotReadyError);
      const doneBefore = (await db.getAll('shardState')).filter((s) => s.state === 'done').map((s) => s.path);

      const opened: string[] = [];
      const result = await importDataset(db, spying(memorySource(files), opened), { storage: null, batchSize: 1 });
      expect(result.records, `resume after ${n}`).toEqual(EXPECTED);
      expect(await rawRecords(db, 'demo')).toHaveLength(TOTAL);
      expect(opened.filter((p) => doneBefore.includes(p)), 'done parts are not read again').toEqual([]);
      expect((await listDatasets(db))[0]).toMatchObject({ state: 'ready', records: TOTAL });
    }
  });

  it('an abort mid-shard leaves a partial part that is never counted and is cleared on resume', async () => {
    const db = await freshDb();
    const controller = new AbortController();
    await expect(
      importDataset(db, memorySource(files), {
        storage: null, batchSize: 2, progressIntervalMs: 0, signal: controller.signal,
        onProgress: (p) => p.recordsDone >= 2 && controller.abort(),
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    const key = await stagedKey(db, 'demo');
    const partial = await db.get('shardState', [key, 'corpus-00.jsonl.gz']);
    expect(partial).toMatchObject({ state: 'partial', lines: 2 });
    expect(await rawRecords(db, 'demo')).toHaveLength(2);
    expect((await getDataset(db, 'demo'))?.status.records).toEqual({});
    expect((await listDatasets(db))[0]).toMatchObject({ state: 'importing', records: 0 });

    await importDataset(db, memorySource(files), { storage: null });
    expect(await db.get('shardState', [key, 'corpus-00.jsonl.gz'])).toMatchObject({ state: 'done', records: 5 });
  });

  it('a source failing mid-stream in any part fails the import, removes that part, and a retry resumes', async () => {
    const paths = [...files.keys()].filter((p) => p !== 'manifest.json');
    for (const path of paths) {
      const db = await freshDb();
      const error = await importDataset(db, failingSource(memorySource(files), path, 14), { storage: null, batchSize: 1 }).catch((e) => e);
      expect(error, path).toBeInstanceOf(ImportError);
      expect(error).toMatchObject({ code: 'source', path });
      expect(error.message).toMatch(/connection reset/);
      const entry = await getDataset(db, 'demo');
      expect(entry?.status).toMatchObject({ state: 'failed', error: { path } });
      expect((await rawRecords(db, 'demo')).filter((r) => r.path === path)).toEqual([]);
      expect(await db.get('shardState', [await stagedKey(db, 'demo'), path])).toBeUndefined();
      await expect(readShard(db, 'demo', 'queries')).rejects.toThrow(/not ready \(failed\)/);

      const opened: string[] = [];
      const result = await importDataset(db, spying(memorySource(files), opened), { storage: null });
      expect(result.records).toEqual(EXPECTED);
      expect(opened, `only the failed part and those after it are read (${path})`).toContain(path);
      expect(opened.length).toBeLessThan(paths.length + (path === paths[0] ? 1 : 0));
      expect(await rawRecords(db, 'demo')).toHaveLength(TOTAL);
    }
  });
});

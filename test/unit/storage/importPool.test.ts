import { describe, expect, it } from 'vitest';
import { importDataset } from '../../../src/storage/datasetImporter.ts';
import { ImportError } from '../../../src/storage/importError.ts';
import { importPoolSize, inflateApart, MAX_IMPORT_WORKERS, runPool } from '../../../src/storage/importPool.ts';
import { hashId64 } from '../../../src/storage/idTable.ts';
import { workerPartRunner } from '../../../src/storage/importWorker.ts';
import { PartIdsCollector } from '../../../src/storage/partIds.ts';
import { channelRunners, freshDb, freshDbWithFactory, jsonl, memorySource, packageFiles, rawRecords, stagedKey, utf8 } from './fixtures.ts';

const docs = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ _id: `d${from + i}`, text: `text ${from + i}` }));

/** A corpus in `parts` parts of `each` records, one shard name, with a manifest giving every size, count and hash. */
function partedCorpus(id: string, parts: readonly (readonly object[])[]) {
  return packageFiles(id, parts.map((rows, i) => ({ name: 'corpus', kind: 'corpus', path: `corpus-${i}.jsonl`, bytes: utf8(jsonl(rows)), records: rows.length })), []);
}

describe('importPoolSize', () => {
  it('importPoolSize(parts, cores) is one worker per part, at most one per core and MAX_IMPORT_WORKERS', () => {
    expect(importPoolSize(4, 2)).toBe(2);
    expect(importPoolSize(1, 16)).toBe(1);
    expect(importPoolSize(3, 16)).toBe(3);
    expect(importPoolSize(100, 64)).toBe(MAX_IMPORT_WORKERS);
  });

  it('importPoolSize(parts, cores, forced) takes the forced count in place of the cores', () => {
    expect(importPoolSize(4, 16, 1)).toBe(1);
    expect(importPoolSize(4, 1, 3)).toBe(3);
  });

  it('importPoolSize returns 1 for a missing or odd core count, and for no parts', () => {
    expect(importPoolSize(4, undefined)).toBe(1);
    expect(importPoolSize(4, Number.NaN)).toBe(1);
    expect(importPoolSize(4, 0)).toBe(1);
    expect(importPoolSize(0, 8)).toBe(1);
  });
});

describe('inflateApart', () => {
  it('inflateApart(partBytes, cores) is true when the heavy parts (≥ 1/8 of the largest) are fewer than the cores', () => {
    expect(inflateApart([100e6, 1e6], 2)).toBe(true); // one heavy part beside light queries
    expect(inflateApart([25e6], 2)).toBe(true);
    expect(inflateApart([25e6, 25e6, 25e6, 25e6], 2)).toBe(false);
    expect(inflateApart([25e6, 25e6, 25e6, 25e6], 16)).toBe(true);
    expect(inflateApart([100e6, 12.5e6], 2)).toBe(false); // exactly 1/8 counts as heavy
  });

  it('inflateApart counts a part of unknown size (0) as heavy, and is false without a core count or with one core', () => {
    expect(inflateApart([0, 0], 2)).toBe(false);
    expect(inflateApart([0], 2)).toBe(true);
    expect(inflateApart([25e6], undefined)).toBe(false);
    expect(inflateApart([25e6], 1)).toBe(false);
  });
});

describe('runPool', () => {
  const tick = () => new Promise((r) => setTimeout(r, 1));

  it('runPool(runners, items, work) runs each item once, at most one per runner at a time, taking items in order', async () => {
    let now = 0, most = 0;
    const seen: string[] = [];
    await runPool(['a', 'b'], [1, 2, 3, 4, 5], async (runner, item) => {
      most = Math.max(most, ++now);
      seen.push(`${item}`);
      await tick();
      now--;
      expect(['a', 'b']).toContain(runner);
    });
    expect(most).toBe(2);
    expect(seen).toEqual(['1', '2', '3', '4', '5']);
  });

  it('runPool throws the first failure once the others have stopped, and starts no item after it', async () => {
    const stopped: number[] = [];
    const started: number[] = [];
    const error = await runPool([0, 1], [1, 2, 3, 4], async (_r, item, signal) => {
      started.push(item);
      if (item === 1) {
        await tick();
        throw new Error('bad item 1');
      }
      await new Promise<void>((_, reject) => signal.addEventListener('abort', () => {
        stopped.push(item);
        reject(new DOMException('stopped', 'AbortError'));
      }));
    }).catch((e) => e);
    expect(error).toMatchObject({ message: 'bad item 1' });
    expect(started).toEqual([1, 2]);
    expect(stopped).toEqual([2]);
  });

  it('runPool throws the signal\'s reason when it aborts', async () => {
    const controller = new AbortController();
    const reason = new Error('cancelled');
    const run = runPool([0, 1], [1, 2], (_r, _i, signal) => new Promise<void>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))), controller.signal);
    controller.abort(reason);
    expect(await run.catch((e) => e)).toBe(reason);
  });
});

describe('PartIdsCollector', () => {
  it('result() gives each id\'s hashId64 and line, in record order, across growth', () => {
    const c = new PartIdsCollector();
    for (let i = 0; i < 3000; i++) c.add(`id-${i}`, i + 2);
    const r = c.result();
    expect(r.count).toBe(3000);
    expect(r.hashes.length).toBe(6000);
    const h = new Uint32Array(2);
    hashId64('id-2999', h);
    expect([r.hashes[5998], r.hashes[5999]]).toEqual([h[0], h[1]]);
    expect([r.lines[0], r.lines[2999]]).toEqual([2, 3001]);
  });
});

describe('importDataset with a pool of import workers', () => {
  it('stores the same records and result as one part at a time in this thread, with parts in several workers at once', async () => {
    const files = partedCorpus('pool', [docs(0, 900), docs(900, 700), docs(1600, 800), docs(2400, 300)]);
    const here = await freshDb();
    const one = await importDataset(here, memorySource(files), { storage: null, batchSize: 50 });
    const { db, factory } = await freshDbWithFactory();
    const runners = channelRunners(factory);
    let bytes = 0, records = 0;
    const pooled = await importDataset(db, memorySource(files), {
      storage: null, batchSize: 50, partRunner: runners.make, workers: 3, progressIntervalMs: 0,
      onProgress: (p) => ((bytes = p.bytesDone), (records = p.recordsDone)),
    });
    expect(pooled).toEqual(one);
    expect(runners.made()).toBe(3);
    expect(runners.running()).toBeGreaterThanOrEqual(2);
    expect(bytes).toBe(one.bytes);
    expect(records).toBe(2700);
    const sorted = async (d: typeof db) => (await rawRecords(d, 'pool')).sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(await sorted(db)).toEqual(await sorted(here));
    expect((await db.getAll('shardState')).map((s) => s.state)).toEqual(['done', 'done', 'done', 'done']);
  });

  it('refuses a duplicate across parts written at once at the later part\'s line, and leaves no part unfinished', async () => {
    // d5 is in part 0 and again on line 40 of part 2; part 3 is long, still running when part 2 fails.
    const files = partedCorpus('dup', [docs(0, 200), docs(200, 200), [...docs(400, 39), { _id: 'd5', text: 'again' }, ...docs(439, 10)], docs(1000, 3000)]);
    const { db, factory } = await freshDbWithFactory();
    const runners = channelRunners(factory);
    const error = await importDataset(db, memorySource(files), { storage: null, batchSize: 20, partRunner: runners.make, workers: 4 }).catch((e) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect(error).toMatchObject({ code: 'duplicate', shard: 'corpus', path: 'corpus-2.jsonl', line: 40 });
    expect(error.message).toMatch(/duplicate identifier "d5"/);
    const key = await stagedKey(db, 'dup');
    const states = await db.getAll('shardState');
    // Only done parts stay (for a resume); the failing part and the ones it stopped are gone, rows and state.
    expect(states.every((s) => s.state === 'done')).toBe(true);
    expect(states.map((s) => s.path)).not.toContain('corpus-2.jsonl');
    const paths = new Set((await db.getAll('chunkIds')).filter((r) => r.datasetId === key).map((r) => r.path));
    expect([...paths].sort()).toEqual(states.map((s) => s.path).sort());
    expect((await db.get('staging', 'dup'))?.status).toMatchObject({ state: 'failed', error: { path: 'corpus-2.jsonl', line: 40 } });
  });

  it('a resume after a failure in one worker imports the rest and finds the same duplicate', async () => {
    const files = partedCorpus('again', [docs(0, 300), [...docs(300, 5), { _id: 'd1', text: 'again' }], docs(400, 300)]);
    const { db, factory } = await freshDbWithFactory();
    const first = await importDataset(db, memorySource(files), { storage: null, batchSize: 20, partRunner: channelRunners(factory).make, workers: 3 }).catch((e) => e);
    expect(first).toMatchObject({ code: 'duplicate', path: 'corpus-1.jsonl', line: 6 });
    const second = await importDataset(db, memorySource(files), { storage: null, batchSize: 20, partRunner: channelRunners(factory).make, workers: 3 }).catch((e) => e);
    expect(second).toMatchObject({ code: 'duplicate', path: 'corpus-1.jsonl', line: 6 });
  });

  it('an abort stops every worker, counts no unfinished part, and the next import resumes to the full dataset', async () => {
    const files = partedCorpus('stop', [docs(0, 2000), docs(2000, 2000), docs(4000, 2000)]);
    const { db, factory } = await freshDbWithFactory();
    const controller = new AbortController();
    const reason = new Error('cancelled');
    const error = await importDataset(db, memorySource(files), {
      storage: null, batchSize: 50, partRunner: channelRunners(factory).make, workers: 3, signal: controller.signal, progressIntervalMs: 0,
      onProgress: (p) => p.recordsDone >= 500 && controller.abort(reason),
    }).catch((e) => e);
    expect(error).toBe(reason);
    expect((await db.get('staging', 'stop'))?.status.state).toBe('importing');
    const result = await importDataset(db, memorySource(files), { storage: null, batchSize: 50, partRunner: channelRunners(factory).make, workers: 3 });
    expect(result.records).toEqual({ corpus: 6000 });
    expect((await rawRecords(db, 'stop')).map((r) => r.id).sort()).toEqual(docs(0, 6000).map((d) => d._id).sort());
  });

  it('imports in this thread when the import worker fails to start (its script does not load)', async () => {
    const posted: string[] = [];
    const failing = {
      postMessage: (m: { path?: string[] }) => posted.push((m.path ?? []).join('.')),
      addEventListener: (type: string, listener: (e: { preventDefault(): void }) => void) => {
        if (type === 'error') queueMicrotask(() => listener({ preventDefault: () => undefined }));
      },
      removeEventListener: () => undefined,
      terminate: () => undefined,
    };
    const db = await freshDb();
    const files = partedCorpus('dead', [docs(0, 100), docs(100, 100)]);
    const result = await importDataset(db, memorySource(files), { storage: null, partRunner: () => workerPartRunner(() => failing as unknown as Worker), workers: 2 });
    expect(result.records).toEqual({ corpus: 200 });
    expect(posted).not.toContain('importPart'); // the start check only: no part was handed to a dead worker
    expect(posted).toContain('ready');
  });
});

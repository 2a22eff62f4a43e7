// Importing MTEB datasets from a (mock) Hugging Face Hub: the layouts, Parquet and JSONL,
// through the inflate worker's protocol and in this thread; every bad input named, nothing half-stored.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHubDatasetRef } from '../../../src/core/hub/hubDatasetRef.ts';
import { getDataset, listDatasets, readShard } from '../../../src/storage/datasetStore.ts';
import { importDataset } from '../../../src/storage/datasetImporter.ts';
import type { ImportOptions } from '../../../src/storage/datasetImporter.ts';
import { ImportError } from '../../../src/storage/importError.ts';
import { hubSource } from '../../../src/storage/hubSource.ts';
import { startMockHub } from '../../e2e/mockHub.mjs';
import { sharedExternal } from '../../sharedExternal.ts';
import { parquetOf, writeHubLayout } from '../../fixtures/hubDatasetFixture.ts';
import { channelReader, freshDb } from './fixtures.ts';

const TESTS = ['a Hub dataset imports the same records from Parquet and from JSONL', 'an interrupted Parquet import resumes from its finished parts'];
const beir = sharedExternal('beir-dbpedia-entity-subset', TESTS);

const root = mkdtempSync(join(tmpdir(), 'fairground-hub-'));
let hub: Awaited<ReturnType<typeof startMockHub>>;

beforeAll(async () => {
  if (beir.skip === false) {
    writeHubLayout(beir.path(), join(root, 'test/dbpedia-jsonl'), 'jsonl');
    writeHubLayout(beir.path(), join(root, 'test/dbpedia-parquet'), 'parquet', 700);
  }
  const small = (dir: string, corpus: Uint8Array) => {
    mkdirSync(join(root, dir, 'qrels'), { recursive: true });
    mkdirSync(join(root, dir, 'corpus'), { recursive: true });
    writeFileSync(join(root, dir, 'corpus/corpus-00000-of-00001.parquet'), corpus);
    writeFileSync(join(root, dir, 'queries.jsonl'), '{"_id":"q1","text":"a query"}\n');
    writeFileSync(join(root, dir, 'qrels/test.tsv'), 'query-id\tcorpus-id\tscore\nq1\td1\t1\n');
  };
  const good = parquetOf({ _id: ['d1', 'd2'], title: ['', ''], text: ['one', 'two'] });
  small('bad/missing-column', parquetOf({ _id: ['d1'], body: ['one'] }));
  small('bad/truncated', good.slice(0, good.length - 20));
  small('gated/d', good);
  small('test/small', good);
  hub = await startMockHub({ datasets: root });
});
afterAll(async () => {
  await hub?.close();
  rmSync(root, { recursive: true, force: true });
});

const importHub = (db: Awaited<ReturnType<typeof freshDb>>, ref: string, options: ImportOptions = {}) =>
  importDataset(db, hubSource(hub.url, parseHubDatasetRef(ref)), { storage: null, ...options });

async function failure(promise: Promise<unknown>): Promise<ImportError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(ImportError);
    return e as ImportError;
  }
  throw new Error('the import did not fail');
}

describe('importDataset(db, hubSource(host, ref))', () => {
  it.skipIf(beir.skip !== false)(TESTS[0], async () => {
    const records = async (ref: string, reader?: ReturnType<typeof channelReader>) => {
      const db = await freshDb();
      const result = await importHub(db, ref, reader ? { shardReader: reader.read } : {});
      const read = async (shard: string) => (await readShard(db, result.datasetId, shard)).map((r) => ({ id: r.id, data: r.data }));
      return { db, result, corpus: await read('corpus'), queries: await read('queries'), qrels: await read('qrels') };
    };
    const reader = channelReader();
    const parquet = await records('test/dbpedia-parquet', reader);
    expect(reader.served()).toBe(3); // each Parquet part went through the inflate worker's protocol
    const jsonl = await records('test/dbpedia-jsonl');
    expect(parquet.result.records).toEqual({ corpus: 5000, queries: 50, qrels: jsonl.qrels.length });
    const fields = (rows: { id: string; data: unknown }[], keep: string[]) =>
      rows.map((r) => ({ id: r.id, ...Object.fromEntries(keep.map((k) => [k, (r.data as Record<string, unknown>)[k]])) }));
    expect(fields(parquet.corpus, ['_id', 'title', 'text'])).toEqual(fields(jsonl.corpus, ['_id', 'title', 'text']));
    expect(fields(parquet.queries, ['_id', 'text'])).toEqual(fields(jsonl.queries, ['_id', 'text']));
    expect(parquet.qrels).toEqual(jsonl.qrels);
    // The commit the API named is the manifest's version and its source; the Parquet files' SHA-256 are checked.
    const api = (await (await fetch(`${hub.url}api/datasets/test/dbpedia-parquet/revision/main?blobs=true`)).json()) as { sha: string };
    const entry = (await getDataset(parquet.db, 'test--dbpedia-parquet'))!;
    expect(entry.manifest.version).toBe(api.sha);
    expect((entry.manifest as unknown as { source: unknown }).source).toEqual({ hub: 'test/dbpedia-parquet', revision: api.sha, split: 'test' });
    expect(entry.manifest.shards.every((s) => /^[0-9a-f]{64}$/.test(s.sha256 ?? ''))).toBe(true);
    expect(hub.requests.filter((u) => u.includes('/resolve/main/'))).toEqual([]); // files were fetched at the commit, not at main
  });

  it.skipIf(beir.skip !== false)(TESTS[1], async () => {
    const db = await freshDb();
    const controller = new AbortController();
    const corpusUrl = (u: string) => u.includes('dbpedia-parquet/resolve/') && u.endsWith('corpus-00000-of-00001.parquet');
    const before = hub.requests.filter(corpusUrl).length;
    const stop = importHub(db, 'test/dbpedia-parquet', { signal: controller.signal, progressIntervalMs: 0, onProgress: (p) => p.shard === 'queries' && controller.abort() });
    await expect(stop).rejects.toThrow();
    expect((await listDatasets(db)).map((d) => d.state)).toEqual(['importing']);
    const result = await importHub(db, 'test/dbpedia-parquet');
    expect(result.records.corpus).toBe(5000);
    expect(hub.requests.filter(corpusUrl).length - before).toBe(1); // the finished corpus part was not read again
  });

  it('says a dataset that does not exist is not on the Hub, and stores nothing', async () => {
    const db = await freshDb();
    const e = await failure(importHub(db, 'nobody/nothing'));
    expect(e.code).toBe('source');
    expect(e.message).toBe(`manifest.json: hf:nobody/nothing: no dataset "nobody/nothing" on the Hub at ${hub.url}`);
    expect(await listDatasets(db)).toEqual([]);
  });

  it('says a private dataset is private or gated and that Fairground sends no token', async () => {
    const e = await failure(importHub(await freshDb(), 'private/secret'));
    expect(e.message).toMatch(/the Hub refused "private\/secret" \(HTTP 401\): the dataset is private or gated\. Fairground sends no token/);
  });

  it('says a gated dataset whose files are refused is private or gated, in the worker and here, and keeps nothing of it', async () => {
    for (const reader of [channelReader(), undefined]) {
      const db = await freshDb();
      const e = await failure(importHub(db, 'gated/d', reader ? { shardReader: reader.read } : {}));
      expect(e.message).toMatch(/^shard "corpus" \(corpus\/corpus-00000-of-00001\.parquet\): could not read the file: the Hub refused corpus\/corpus-00000-of-00001\.parquet \(HTTP 403\): the dataset is private or gated/);
      const list = await listDatasets(db);
      expect(list.map((d) => [d.state, d.records])).toEqual([['failed', 0]]);
      await expect(readShard(db, 'gated--d', 'corpus')).rejects.toThrow();
    }
  });

  it('names the missing Parquet column and its file, and keeps nothing half-stored', async () => {
    const db = await freshDb();
    const e = await failure(importHub(db, 'bad/missing-column', { shardReader: channelReader().read }));
    expect(e.code).toBe('format');
    expect(e.message).toBe('shard "corpus" (corpus/corpus-00000-of-00001.parquet): Parquet column "text" is missing: a corpus file needs "_id", "text"; this one has "_id", "body"');
    const [d] = await listDatasets(db);
    expect(d.state).toBe('failed');
    expect(d.records).toBe(0);
  });

  it('says a truncated Parquet file is not readable (its SHA-256 is not known to the Hub listing: the file is still refused)', async () => {
    for (const reader of [channelReader(), undefined]) {
      const db = await freshDb();
      const e = await failure(importHub(db, 'bad/truncated', reader ? { shardReader: reader.read } : {}));
      expect(e.code).toBe('format');
      expect(e.message).toMatch(/^shard "corpus" \(corpus\/corpus-00000-of-00001\.parquet\): not a readable Parquet file, truncated or corrupt \(/);
      expect((await listDatasets(db))[0].records).toBe(0);
    }
  });

  it('refuses a Parquet file whose bytes are not those the Hub lists (its LFS SHA-256), keeping nothing of it', async () => {
    // A mirror that serves other bytes than the Hub listed: one byte flipped in the download.
    const tampering: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input).includes('/resolve/') || init?.method === 'HEAD') return response;
      const bytes = new Uint8Array(await response.arrayBuffer());
      bytes[bytes.length >> 1] ^= 1;
      return new Response(bytes, { status: 200 });
    };
    const db = await freshDb();
    const e = await failure(importDataset(db, hubSource(hub.url, parseHubDatasetRef('test/small'), tampering), { storage: null }));
    expect(e.code).toBe('checksum');
    const sha = createHash('sha256').update(readFileSync(join(root, 'test/small/corpus/corpus-00000-of-00001.parquet'))).digest('hex');
    expect(e.message).toMatch(new RegExp(`^shard "corpus" \\(corpus/corpus-00000-of-00001\\.parquet\\): SHA-256 mismatch: the manifest says ${sha}`));
    expect((await listDatasets(db))[0].records).toBe(0);
  });
});

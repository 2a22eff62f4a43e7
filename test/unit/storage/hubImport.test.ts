// Importing MTEB datasets from a (mock) Hugging Face Hub: the layouts, Parquet and JSONL,
// through the inflate worker's protocol and in this thread; every bad input named, nothing half-stored.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
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
  // One small dataset in the layouts MTEB datasets have on the Hub (hubDatasetFixture.ts), and as a plain BEIR folder.
  const beirDir = join(root, 'beir');
  mkdirSync(join(beirDir, 'qrels'), { recursive: true });
  writeFileSync(join(beirDir, 'corpus.jsonl'), ['d1', 'd2', 'd3'].map((id, i) => JSON.stringify({ _id: id, title: '', text: `text ${i}` })).join('\n') + '\n');
  writeFileSync(join(beirDir, 'queries.jsonl'), '{"_id":"q1","text":"one"}\n{"_id":"q2","text":"two"}\n');
  writeFileSync(join(beirDir, 'qrels/test.tsv'), 'query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td3\t2\nq2\td2\t1\n');
  for (const layout of ['jsonl', 'twice', 'twice-no-card', 'converted', 'partial'] as const) writeHubLayout(beirDir, join(root, `layouts/${layout}`), layout);
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

  it('says a dataset that does not exist, or a private one (the Hub answers both 401 RepoNotFound), is not on the Hub or private, and stores nothing', async () => {
    for (const id of ['nobody/nothing', 'private/secret']) {
      const db = await freshDb();
      const e = await failure(importHub(db, id));
      expect(e.code).toBe('source');
      expect(e.message).toBe(
        `manifest.json: hf:${id}: no dataset "${id}" on the Hub at ${hub.url}, or it is private (the Hub answers both alike). ` +
          'Fairground sends no token, so it reads only public datasets; download the files yourself and import the folder',
      );
      expect(await listDatasets(db)).toEqual([]);
    }
  });

  it('names a gated dataset as gated from its listing, before any file is fetched, and stores nothing', async () => {
    const before = hub.requests.length;
    const db = await freshDb();
    const e = await failure(importHub(db, 'gated/d'));
    expect(e.message).toMatch(/^manifest\.json: hf:gated\/d: "gated\/d" is a gated dataset on the Hub \(access "manual"\): its files are given only to signed-in users its authors let in\. Fairground sends no token/);
    expect(hub.requests.slice(before)).toEqual(['/api/datasets/gated/d/revision/main']);
    expect(await listDatasets(db)).toEqual([]);
  });

  it('says a revision the dataset lacks as "owner/name" has no revision "R"', async () => {
    const e = await failure(importHub(await freshDb(), 'test/small@v9'));
    expect(e.message).toBe(`manifest.json: hf:test/small@v9: "test/small" has no revision "v9" on the Hub at ${hub.url}`);
  });

  it('reads LFS files from the CDN origin the Hub redirects them to, and small text files the Hub sends gzip-encoded', async () => {
    const cdnBefore = hub.cdnRequests.length;
    const db = await freshDb();
    const result = await importHub(db, 'test/small');
    expect(result.records).toEqual({ corpus: 2, queries: 1, qrels: 1 });
    const sha = createHash('sha256').update(readFileSync(join(root, 'test/small/corpus/corpus-00000-of-00001.parquet'))).digest('hex');
    expect(hub.cdnRequests.slice(cdnBefore)).toEqual([expect.stringMatching(new RegExp(`^/repos/${sha.slice(0, 2)}/${sha.slice(2, 4)}/[0-9a-f]{64}/${sha}$`))]);
    // What the mock sends for a text file: gzip when asked, with the Hub's headers; a Range gets a 206.
    const api = (await (await fetch(`${hub.url}api/datasets/test/small/revision/main`)).json()) as { sha: string };
    const r = await fetch(`${hub.url}datasets/test/small/resolve/${api.sha}/queries.jsonl`, { headers: { 'accept-encoding': 'gzip' } });
    expect([r.headers.get('content-encoding'), r.headers.get('x-repo-commit'), await r.text()]).toEqual(['gzip', api.sha, '{"_id":"q1","text":"a query"}\n']);
    expect(r.headers.get('access-control-expose-headers')).toMatch(/X-Error-Code.*X-Repo-Commit|X-Repo-Commit.*X-Error-Code/);
    const lfs = await fetch(`${hub.url}datasets/test/small/resolve/${api.sha}/corpus/corpus-00000-of-00001.parquet`, { redirect: 'manual' });
    expect([lfs.status, lfs.headers.get('x-linked-size'), new URL(lfs.headers.get('location')!).origin]).toEqual([302, String(statSync(join(root, 'test/small/corpus/corpus-00000-of-00001.parquet')).size), new URL(hub.cdnUrl).origin]);
    const cdn = await fetch(lfs.headers.get('location')!, { headers: { range: 'bytes=0-3' } });
    expect([cdn.status, cdn.headers.get('access-control-allow-origin'), new TextDecoder().decode(await cdn.arrayBuffer())]).toEqual([206, '*', 'PAR1']);
  });

  it('imports each MTEB layout of one dataset (qrels twice, as JSONL and Parquet, with and without the card; the Parquet conversion) with the records of the plain BEIR files', async () => {
    const records = async (ref: string) => {
      const db = await freshDb();
      const result = await importHub(db, ref);
      const read = async (shard: string) => (await readShard(db, result.datasetId, shard)).map((r) => ({ id: r.id, data: r.data }));
      const pick = (rows: { id: string; data: unknown }[], keep: string[]) => rows.map((r) => ({ id: r.id, ...Object.fromEntries(keep.map((k) => [k, (r.data as Record<string, unknown>)[k]])) }));
      return { corpus: pick(await read('corpus'), ['_id', 'title', 'text']), queries: pick(await read('queries'), ['_id', 'text']), qrels: await read('qrels') };
    };
    const plain = await records('layouts/jsonl');
    expect(plain.qrels).toHaveLength(3);
    for (const layout of ['twice', 'twice-no-card', 'converted']) expect(await records(`layouts/${layout}`), layout).toEqual(plain);
  });

  it('refuses the partial-<split> folder of the Hub\'s Parquet conversion, naming it, before any file is fetched', async () => {
    const before = hub.requests.length;
    const e = await failure(importHub(await freshDb(), 'layouts/partial'));
    expect(e.message).toMatch(/^manifest\.json: hf:layouts\/partial: "layouts\/partial" holds only part of a split here: default\/partial-test\/ \(split "test"\) is the Hub's partial Parquet conversion/);
    expect(hub.requests.slice(before)).toEqual(['/api/datasets/layouts/partial/revision/main']);
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

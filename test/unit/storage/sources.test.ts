import { readFile, readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { importDataset } from '../../../src/storage/datasetImporter.ts';
import { readShard } from '../../../src/storage/datasetStore.ts';
import { filesSource, pickedFiles, urlSource } from '../../../src/storage/sources.ts';
import { freshDb, retrievalPackage, sha256, utf8 } from './fixtures.ts';

/** A fetch over in-memory files under http://site/datasets/demo/, recording requests. */
function fakeFetch(files: ReadonlyMap<string, Uint8Array>, log: string[]): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    log.push(`${init?.method ?? 'GET'} ${url}`);
    const path = url.replace('http://site/datasets/demo/', '');
    const body = files.get(path);
    if (!body) return new Response('not found', { status: 404, statusText: 'Not Found' });
    return new Response(init?.method === 'HEAD' ? null : (body as BlobPart), { headers: { 'content-length': String(body.length) } });
  }) as typeof fetch;
}

describe('urlSource', () => {
  it('urlSource(base, fetch) imports a dataset over HTTP, the manifest hash being that of its bytes', async () => {
    const files = retrievalPackage('demo', 4);
    const log: string[] = [];
    const source = urlSource('http://site/datasets/demo', fakeFetch(files, log));
    expect((await source.readManifest()).sha256).toBe(sha256(files.get('manifest.json')!));
    const db = await freshDb();
    const result = await importDataset(db, source, { storage: null });
    expect(result.records.corpus).toBe(4);
    expect(log).toContain('GET http://site/datasets/demo/corpus-01.jsonl.gz');
    expect(await source.shardSize('queries.jsonl')).toBe(files.get('queries.jsonl')!.length);
  });

  it('urlSource reports a missing manifest as an ImportError of code manifest with the HTTP status', async () => {
    const source = urlSource('http://site/datasets/demo/', fakeFetch(new Map(), []));
    await expect(importDataset(await freshDb(), source, { storage: null })).rejects.toMatchObject({
      code: 'manifest', message: expect.stringMatching(/HTTP 404/),
    });
  });
});

describe('filesSource', () => {
  it('filesSource(files) finds manifest.json in a picked folder and reads shards relative to it', async () => {
    const files = retrievalPackage('demo', 2);
    const picked = [...files].map(([p, b]) => ({ path: `outer/demo/${p}`, file: new Blob([b as BlobPart]) }));
    picked.push({ path: 'outer/notes.txt', file: new Blob(['x']) });
    const source = filesSource(picked);
    expect((await source.readManifest()).manifest.id).toBe('demo');
    expect(await source.shardSize('queries.jsonl')).toBe(files.get('queries.jsonl')!.length);
  });

  it('filesSource(files) without a manifest builds one for an MTEB folder named after the folder', async () => {
    const picked = [
      { path: 'My Set/corpus.jsonl', file: new Blob(['{"_id":"d1","text":"a"}\n']) },
      { path: 'My Set/queries.jsonl', file: new Blob(['{"_id":"q1","text":"b"}\n']) },
      { path: 'My Set/qrels/test.tsv', file: new Blob(['query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td9\t1\n']) },
    ];
    const db = await freshDb();
    const result = await importDataset(db, filesSource(picked), { storage: null });
    expect(result).toMatchObject({ datasetId: 'my-set', records: { corpus: 1, queries: 1, qrels: 2 }, unknownQrels: 1 });
  });

  it('filesSource(files) without a manifest or MTEB files explains what is missing', async () => {
    const source = filesSource([{ path: 'x/readme.md', file: new Blob(['hi']) }]);
    await expect(source.readManifest()).rejects.toThrow(/missing corpus\.jsonl, queries\.jsonl, qrels\/test\.tsv/);
  });

  it('pickedFiles(files) uses webkitRelativePath when the picker gave one, else the name', () => {
    const a = new File(['a'], 'a.txt');
    const b = new File(['b'], 'b.txt');
    Object.defineProperty(b, 'webkitRelativePath', { value: 'dir/b.txt' });
    expect(pickedFiles([a, b]).map((p) => p.path)).toEqual(['a.txt', 'dir/b.txt']);
  });
});

describe('bundled datasets', () => {
  for (const id of ['freelance-twins', 'cv-screening']) {
    it(`datasets/${id} imports whole, every count and SHA-256 matching its manifest`, async () => {
      const dir = `datasets/${id}`;
      const names = await readdir(dir);
      const picked = await Promise.all(names.map(async (n) => ({ path: `${id}/${n}`, file: new Blob([await readFile(`${dir}/${n}`)]) })));
      const db = await freshDb();
      const source = filesSource(picked);
      const { manifest } = await source.readManifest();
      const result = await importDataset(db, source, { storage: null, batchSize: 5000 });
      const expected: Record<string, number> = {};
      for (const s of manifest.shards) expected[s.name] = (expected[s.name] ?? 0) + (s.records ?? 0);
      expect(result.records).toEqual(expected);
      expect(result.unknownQrels).toBe(0);
      const first = (await readShard(db, id, manifest.shards[0].name))[0];
      expect(first.kind).toBe(manifest.shards[0].kind);
    }, 60_000);
  }

  it('the demo dataset (freelance-twins) is stored in one chunk row, so one transaction, a part but the corpus (its 1.2 MB of text is two)', async () => {
    const dir = 'datasets/freelance-twins';
    const picked = await Promise.all((await readdir(dir)).map(async (n) => ({ path: `freelance-twins/${n}`, file: new Blob([await readFile(`${dir}/${n}`)]) })));
    const db = await freshDb();
    await importDataset(db, filesSource(picked), { storage: null });
    const rows = new Map<string, number>();
    for (const r of await db.getAll('chunkIds')) rows.set(r.path, (rows.get(r.path) ?? 0) + 1);
    // With 1,000 records a row, each qrels file (12,601 lines) took 13 transactions: 32 in all.
    expect(Object.fromEntries(rows)).toEqual({
      'corpus-00.jsonl.gz': 2,
      'qrels-briefs.tsv.gz': 1,
      'qrels-short.tsv.gz': 1,
      'queries-briefs.jsonl.gz': 1,
      'queries-short.jsonl.gz': 1,
      'twins-gender.jsonl.gz': 1,
    });
  }, 60_000);
});

describe('utf8 helper', () => {
  it('utf8(s) encodes to UTF-8 bytes', () => expect(utf8('é')).toEqual(new Uint8Array([0xc3, 0xa9])));
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importDataset } from '../../../src/storage/datasetImporter.ts';
import { countRecords, getDataset } from '../../../src/storage/datasetStore.ts';
import type { FairgroundDb } from '../../../src/storage/db.ts';
import { ImportError } from '../../../src/storage/importError.ts';
import { channelReader, freshDb, gzip, jsonl, memorySource, orphanRows, packageFiles, rawRecords, retrievalPackage, sha256, stagedKey, utf8 } from './fixtures.ts';

const docs = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ _id: `d${from + i}`, text: `t${i}` }));
const queries = jsonl([{ _id: 'q0', text: 'q' }]);
const TASK = [{ type: 'retrieval', name: 'main', corpus: 'corpus', queries: 'queries', qrels: 'qrels' }];

/** A package whose second corpus part has the given bytes (plain, or gzipped for a .gz path). */
function withPart(part: Uint8Array, path = 'corpus-01.jsonl', override?: (e: Record<string, unknown>, i: number) => Record<string, unknown>) {
  return packageFiles(
    'bad',
    [
      { name: 'corpus', kind: 'corpus', path: 'corpus-00.jsonl.gz', bytes: gzip(utf8(jsonl(docs(3)))) },
      { name: 'corpus', kind: 'corpus', path, bytes: part },
      { name: 'queries', kind: 'queries', path: 'queries.jsonl', bytes: utf8(queries) },
      { name: 'qrels', kind: 'qrels', path: 'qrels.tsv', bytes: utf8('q0\td0\t1\n') },
    ],
    TASK,
    override,
  );
}

/** Imports `other` (ready), then `files`, and returns the ImportError after checking `other` is untouched. */
/** Every case runs with the first stage (read, hash, gunzip) in this thread and through the inflate worker's protocol. */
const readers = { 'in this thread': () => undefined, 'through the inflate channel': channelReader } as const;
let current: keyof typeof readers = 'in this thread';

async function failure(files: Map<string, Uint8Array>, options: Parameters<typeof importDataset>[2] = {}): Promise<{ error: ImportError; db: FairgroundDb }> {
  const db = await freshDb();
  await importDataset(db, memorySource(retrievalPackage('other', 4)), { storage: null });
  const before = await rawRecords(db, 'other');
  const reader = readers[current]();
  const error = await importDataset(db, memorySource(files), { storage: null, shardReader: reader?.read, ...options }).then(
    () => { throw new Error('expected the import to fail'); },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportError);
  // The channel really read the shards (not for failures found before any shard is opened).
  if (reader && !['space', 'manifest'].includes((error as ImportError).code)) expect(reader.served()).toBeGreaterThan(0);
  expect((await getDataset(db, 'other'))?.status.state).toBe('ready');
  expect(await rawRecords(db, 'other')).toEqual(before);
  return { error: error as ImportError, db };
}

/** The failing part left no records or state behind and the dataset is marked failed with the error. */
async function expectCleanFailure(db: FairgroundDb, error: ImportError) {
  expect((await rawRecords(db, 'bad')).filter((r) => r.path === error.path)).toEqual([]);
  expect(await db.get('shardState', [await stagedKey(db, 'bad'), error.path!])).toBeUndefined();
  expect(await orphanRows(db)).toEqual([]);
  expect((await getDataset(db, 'bad'))?.status).toMatchObject({ state: 'failed', error: { message: error.message } });
  await expect(countRecords(db, 'bad')).rejects.toThrow(/not ready/);
}

describe.each(Object.keys(readers) as (keyof typeof readers)[])('importDataset errors, first stage %s', (name) => {
  beforeEach(() => {
    current = name;
  });
  afterEach(() => vi.restoreAllMocks());

  it('a malformed JSON line is an ImportError naming shard, file and line', async () => {
    const { error, db } = await failure(withPart(utf8('{"_id":"a","text":"x"}\n\n{"_id": "b", \n')));
    expect(error).toMatchObject({ code: 'format', shard: 'corpus', path: 'corpus-01.jsonl', line: 3 });
    expect(error.message).toMatch(/^shard "corpus" \(corpus-01\.jsonl\) line 3: malformed JSON/);
    await expectCleanFailure(db, error);
    expect((await rawRecords(db, 'bad')).map((r) => r.path)).toEqual(['corpus-00.jsonl.gz', 'corpus-00.jsonl.gz', 'corpus-00.jsonl.gz']);
  });

  it('a record without "_id" or without "text" names its line', async () => {
    const noId = await failure(withPart(utf8(jsonl([{ _id: 'a', text: 'x' }, { text: 'y' }]))));
    expect(noId.error).toMatchObject({ code: 'format', line: 2 });
    expect(noId.error.message).toMatch(/missing or empty "_id"/);
    const noText = await failure(withPart(utf8(jsonl([{ _id: 'a' }]))));
    expect(noText.error).toMatchObject({ code: 'format', line: 1 });
    expect(noText.error.message).toMatch(/"text" must be a string/);
  });

  it('a duplicate identifier within a part, or across parts of one shard, is refused at its line', async () => {
    const within = await failure(withPart(utf8(jsonl([{ _id: 'x', text: '1' }, { _id: 'y', text: '2' }, { _id: 'x', text: '3' }]))));
    expect(within.error).toMatchObject({ code: 'duplicate', line: 3 });
    expect(within.error.message).toMatch(/duplicate identifier "x"/);
    await expectCleanFailure(within.db, within.error);
    const across = await failure(withPart(utf8(jsonl([{ _id: 'new', text: '1' }, { _id: 'd1', text: '2' }]))));
    expect(across.error).toMatchObject({ code: 'duplicate', path: 'corpus-01.jsonl', line: 2 });
  });

  it('an empty shard (blank lines only) is refused', async () => {
    const { error, db } = await failure(withPart(utf8('\n  \n')));
    expect(error).toMatchObject({ code: 'empty', path: 'corpus-01.jsonl' });
    expect(error.message).toMatch(/empty shard/);
    await expectCleanFailure(db, error);
  });

  it('a wrong SHA-256 is found at the end of the part and its records are removed', async () => {
    const part = utf8(jsonl(docs(2, 10)));
    const { error, db } = await failure(withPart(part, 'corpus-01.jsonl', (e, i) => (i === 1 ? { ...e, sha256: sha256(utf8('other')) } : e)));
    expect(error).toMatchObject({ code: 'checksum', path: 'corpus-01.jsonl', line: undefined });
    expect(error.message).toMatch(/SHA-256 mismatch/);
    await expectCleanFailure(db, error);
  });

  it('a record count other than the manifest says is refused', async () => {
    const { error } = await failure(withPart(utf8(jsonl(docs(2, 10))), 'corpus-01.jsonl', (e, i) => (i === 1 ? { ...e, records: 3 } : e)));
    expect(error).toMatchObject({ code: 'checksum' });
    expect(error.message).toMatch(/record count mismatch: the manifest says 3, found 2/);
  });

  it('bytes that are not UTF-8 name their line', async () => {
    const part = new Uint8Array([...utf8('{"_id":"a","text":"ok"}\n{"_id":"b","text":"'), 0xff, 0xfe, ...utf8('"}\n')]);
    const { error, db } = await failure(withPart(gzip(part), 'corpus-01.jsonl.gz'));
    expect(error).toMatchObject({ code: 'format', line: 2 });
    expect(error.message).toMatch(/not valid UTF-8/);
    await expectCleanFailure(db, error);
  });

  it('a truncated gzip stream is a gzip error', async () => {
    const whole = gzip(utf8(jsonl(docs(200, 10))));
    const { error, db } = await failure(withPart(whole.slice(0, whole.length - 30), 'corpus-01.jsonl.gz'));
    expect(error).toMatchObject({ code: 'gzip', path: 'corpus-01.jsonl.gz' });
    expect(error.message).toMatch(/truncated or corrupt gzip/);
    await expectCleanFailure(db, error);
  });

  it('a line over 8 MiB is refused without reading on', async () => {
    const huge = `{"_id":"big","text":"${'a'.repeat(8 * 1024 * 1024)}"}\n`;
    const { error } = await failure(withPart(gzip(utf8(jsonl(docs(1, 10)) + huge)), 'corpus-01.jsonl.gz'));
    expect(error).toMatchObject({ code: 'format', line: 2 });
    expect(error.message).toMatch(/longer than the limit of 8 MiB/);
  });

  it('an HTML page served in place of a shard (a host\'s fallback page) is refused at its first line, or as corrupt gzip for .gz', async () => {
    const html = utf8('<!doctype html>\n<html><body>Not found</body></html>\n');
    const plain = await failure(withPart(html));
    expect(plain.error).toMatchObject({ code: 'format', path: 'corpus-01.jsonl', line: 1 });
    expect(plain.error.message).toMatch(/line 1: malformed JSON/);
    await expectCleanFailure(plain.db, plain.error);
    const gz = await failure(withPart(html, 'corpus-01.jsonl.gz'));
    expect(gz.error).toMatchObject({ code: 'gzip', path: 'corpus-01.jsonl.gz' });
    await expectCleanFailure(gz.db, gz.error);
  });

  it('a QuotaExceededError while writing is an ImportError of code quota and the part is removed', async () => {
    // fake-indexeddb/auto installs its IDBObjectStore globally; make its put fail as a full disk would.
    const original = IDBObjectStore.prototype.put;
    let calls = 0;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<typeof original>) {
      const row = args[0] as { path?: string; kind?: string };
      // The first batch of two records commits; the second batch fails.
      if (row?.kind === 'corpus' && row.path === 'corpus-01.jsonl' && ++calls > 2) {
        throw new DOMException('quota reached', 'QuotaExceededError');
      }
      return original.apply(this, args);
    });
    const { error, db } = await failure(withPart(utf8(jsonl(docs(5, 10)))), { batchSize: 2 });
    vi.restoreAllMocks();
    expect(calls).toBe(3);
    expect(error).toMatchObject({ code: 'quota', path: 'corpus-01.jsonl' });
    expect(error.message).toMatch(/storage quota exceeded/);
    await expectCleanFailure(db, error);
  });

  it('too little free storage stops the import before anything is written', async () => {
    const storage = { estimate: async () => ({ usage: 900 * 1048576, quota: 901 * 1048576 }), persist: async () => true };
    const big = withPart(utf8(jsonl(docs(2, 10))), 'corpus-01.jsonl', (e, i) => (i === 1 ? { ...e, bytes: 10 * 1048576, sha256: undefined } : e));
    const { error, db } = await failure(big, { storage });
    expect(error.code).toBe('space');
    expect(error.message).toMatch(/^not enough storage: needs ~\d+ MB, 1 MB free$/);
    expect(await getDataset(db, 'bad')).toBeUndefined();
    expect(await rawRecords(db, 'bad')).toEqual([]);
  });

  it('an invalid manifest is an ImportError of code manifest', async () => {
    const files = retrievalPackage('x', 2);
    files.set('manifest.json', utf8('{"id":"x","version":"1","shards":[]}'));
    const { error } = await failure(files);
    expect(error).toMatchObject({ code: 'manifest', path: 'manifest.json' });
    expect(error.message).toMatch(/shards is empty/);
  });
});

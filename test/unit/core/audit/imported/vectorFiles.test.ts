/**
 * A set of vector files read into one table (readVectorFiles), and imported
 * vectors in the embedding cache (vectorCache.ts): each bad input named,
 * nothing returned on any error.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importedVectorsDescriptor, importedVectorsRevision, matchVectorTable } from '../../../../../src/core/audit/imported/vectors.ts';
import { cachedVectorTable, importedVectorEntries } from '../../../../../src/core/audit/imported/vectorCache.ts';
import { readVectorFiles, type VectorFileBytes } from '../../../../../src/core/audit/imported/vectorFiles.ts';
import { embeddingKey } from '../../../../../src/core/embeddingKey.ts';
import { sha256Hex } from '../../../../../src/core/sha256.ts';
import { idsText, npyBytes, safetensorsBytes, type VectorRows } from '../../../../fixtures/vectorFiles.ts';

const rows = (ids: string[], dims: number, seed = 1): VectorRows => ({ ids, dims, data: Float32Array.from({ length: ids.length * dims }, (_, i) => Math.fround(Math.sin(seed * 7 + i))) });
const corpus = rows(['d1', 'd2', 'd3'], 4);
const queries = rows(['q1'], 4, 2);
const twins = rows(['t1', 't2'], 4, 3);
const fixture = (name: string): VectorFileBytes => ({ file: name, bytes: new Uint8Array(readFileSync(`test/fixtures/vectors/${name}`)) });

function folder(): VectorFileBytes[] {
  return [
    { file: 'corpus.npy', bytes: npyBytes(corpus) },
    { file: 'corpus.ids.txt', bytes: idsText(corpus.ids) },
    { file: 'queries.safetensors', bytes: safetensorsBytes(queries) },
    { file: 'twins.jsonl', bytes: new TextEncoder().encode(twins.ids.map((id, i) => JSON.stringify({ id, vector: Array.from(twins.data.subarray(i * 4, i * 4 + 4)) })).join('\n')) },
  ];
}

describe('readVectorFiles(files)', () => {
  it('reads .npy + ids, safetensors with ids in its metadata and JSON Lines into one table, each vector exact', () => {
    const t = readVectorFiles(folder());
    expect(t.dims).toBe(4);
    expect([...t.byId.keys()].sort()).toEqual(['d1', 'd2', 'd3', 'q1', 't1', 't2']);
    expect(Array.from(t.byId.get('d2')!)).toEqual(Array.from(corpus.data.subarray(4, 8)));
    expect(Array.from(t.byId.get('q1')!)).toEqual(Array.from(queries.data));
    expect(Array.from(t.byId.get('t2')!)).toEqual(Array.from(twins.data.subarray(4, 8)));
  });

  it('takes a safetensors file’s ids from a sibling ids file, and ignores files whose name starts with "."', () => {
    const t = readVectorFiles([{ file: 'q.safetensors', bytes: safetensorsBytes(queries, 'float32', false) }, { file: 'q.ids.json', bytes: new TextEncoder().encode('["q1"]') }, { file: '.DS_Store', bytes: new Uint8Array(3) }]);
    expect([...t.byId.keys()]).toEqual(['q1']);
  });

  const cases: [string, (f: VectorFileBytes[]) => VectorFileBytes[], RegExp][] = [
    ['a dimension that differs between files', (f) => [...f.slice(0, 2), { file: 'queries.npy', bytes: npyBytes(rows(['q1'], 3)) }, { file: 'queries.ids.txt', bytes: idsText(['q1']) }], /vectors of 3 dimensions; corpus\.npy has 4: every file must come from one model/],
    ['a .npy without ids', (f) => f.filter((x) => x.file !== 'corpus.ids.txt'), /no ids for its rows: put them in corpus\.ids\.txt/],
    ['an ids file without its vectors', (f) => [...f, { file: 'extra.ids.txt', bytes: idsText(['x']) }], /ids file without its vectors \(extra\.npy or extra\.safetensors\)/],
    ['fewer ids than rows', (f) => [f[0], { file: 'corpus.ids.txt', bytes: idsText(['d1', 'd2']) }], /3 rows of vectors but 2 ids in corpus\.ids\.txt/],
    ['an id in two files', (f) => [...f, { file: 'again.safetensors', bytes: safetensorsBytes(rows(['d2'], 4)) }], /id "d2" has a vector in corpus\.npy too/],
    ['ids both in the metadata and a file', (f) => [...f, { file: 'queries.ids.txt', bytes: idsText(['q1']) }], /ids both in the file's metadata and in queries\.ids\.txt/],
    ['an unknown file', (f) => [...f, { file: 'notes.md', bytes: new Uint8Array(1) }], /not a vector file; expected NAME\.npy/],
    ['a float64 .npy', (f) => [fixture('bad-f64.npy'), { file: 'bad-f64.ids.txt', bytes: idsText(['d1', 'd2', 'q1']) }], /dtype <f8 \(float64\) is not supported/],
    ['a truncated safetensors file', () => [fixture('bad-truncated.safetensors')], /truncated safetensors file/],
    ['NaN, named by id', () => [fixture('nonfinite-nan.npy'), fixture('nonfinite-nan.ids.txt')], /the vector of "d2" \(row 2\) has NaN at value 1/],
    ['-Infinity in float16, named by id', () => [fixture('nonfinite-inf.safetensors')], /the vector of "q1" \(row 3\) has -Infinity at value 0/],
  ];
  for (const [what, change, message] of cases) {
    it(`refuses ${what}, naming the file`, () => {
      let error: unknown;
      try {
        readVectorFiles(change(folder()));
      } catch (e) {
        error = e;
      }
      expect(error, what).toBeInstanceOf(Error);
      const e = error as Error & { file?: string };
      expect(`${e.file}: ${e.message}`).toMatch(message);
      expect(e.file).toMatch(/\.(npy|safetensors|txt|md|jsonl)$/);
    });
  }
});

describe('matchVectorTable(table, ids, file) and the files’ revision', () => {
  const ids = { corpus: corpus.ids, queries: [queries.ids], twins: { twins: twins.ids } };
  it('lists the first few missing or extra ids', () => {
    const t = readVectorFiles(folder());
    expect(() => matchVectorTable(t, { ...ids, corpus: [...corpus.ids, 'd4'] }, 'vectors')).toThrow('no vector for these ids of the dataset: 1 ("d4")');
    expect(() => matchVectorTable(t, { ...ids, twins: {} }, 'vectors')).toThrow('vectors for ids the run does not have (another dataset or version?): 2 ("t1", "t2")');
    expect(matchVectorTable(t, ids, 'vectors').corpus.length).toBe(12);
  });
  it('names one file by its SHA-256, several by the SHA-256 of their sha256sum lines, and a given revision as given', () => {
    const files = [{ file: 'b.npy', sha256: 'b'.repeat(64) }, { file: 'a.ids.txt', sha256: 'a'.repeat(64) }];
    expect(importedVectorsRevision({ name: 'm', files: files.slice(0, 1) })).toBe(`sha256:${'b'.repeat(64)}`);
    expect(importedVectorsRevision({ name: 'm', files })).toBe(`sha256:${sha256Hex(new TextEncoder().encode(`${'a'.repeat(64)}  a.ids.txt\n${'b'.repeat(64)}  b.npy\n`))}`);
    expect(importedVectorsDescriptor({ name: 'm', revision: 'v2', files })).toEqual({ id: 'vectors:m', label: 'm', kind: 'imported', revision: 'v2', dtype: 'fp32', device: '-', importedFiles: files });
  });
});

describe('imported vectors in the embedding cache', () => {
  const v = { name: 'glove-elsewhere', revision: 'r1', files: [{ file: 'corpus.npy', sha256: '0'.repeat(64) }] };
  const items = [
    { id: 'd1', text: 'same text', role: 'document' as const },
    { id: 'q1', text: 'same text', role: 'query' as const },
    { id: 'd2', text: 'other', role: 'document' as const },
  ];
  const table = { dims: 2, byId: new Map([['d1', Float32Array.of(1, 2)], ['q1', Float32Array.of(3, 4)], ['d2', Float32Array.of(5, 6)]]) };

  it('stores each vector under embeddingKey(model vectors:<name>, revision, fp32, pooling imported, the role as prefix) and reads them back by id', async () => {
    const entries = await importedVectorEntries(v, items, table);
    expect(entries.map((e) => e.key)).toEqual([
      await embeddingKey({ modelId: 'vectors:glove-elsewhere', revision: 'r1', dtype: 'fp32', pooling: 'imported', prefix: 'document' }, 'same text'),
      await embeddingKey({ modelId: 'vectors:glove-elsewhere', revision: 'r1', dtype: 'fp32', pooling: 'imported', prefix: 'query' }, 'same text'),
      await embeddingKey({ modelId: 'vectors:glove-elsewhere', revision: 'r1', dtype: 'fp32', pooling: 'imported', prefix: 'document' }, 'other'),
    ]);
    expect(new Set(entries.map((e) => e.modelKey))).toEqual(new Set(['vectors:glove-elsewhere']));
    const store = new Map(entries.map((e) => [e.key, e.vector]));
    const back = await cachedVectorTable(v, items, async (keys) => keys.map((k) => store.get(k)));
    expect(back.dims).toBe(2);
    expect(Array.from(back.byId.get('q1')!)).toEqual([3, 4]);
  });

  it('refuses two ids of one text and role with different vectors, and names the ids the cache lacks (another revision)', async () => {
    await expect(importedVectorEntries(v, [...items, { id: 'd3', text: 'other', role: 'document' }], { ...table, byId: new Map([...table.byId, ['d3', Float32Array.of(0, 0)]]) })).rejects.toThrow('ids with the same text but different vectors (a model gives one vector per text): 1 ("d2/d3")');
    const entries = await importedVectorEntries(v, items, table);
    const store = new Map(entries.map((e) => [e.key, e.vector]));
    await expect(cachedVectorTable({ ...v, revision: 'r2' }, items, async (keys) => keys.map((k) => store.get(k)))).rejects.toThrow('holds no vector of “glove-elsewhere” (r2) for 3 ("d1", "q1", "d2"); import the vector files again');
  });
});

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { FormatError } from '../../../../src/core/formats/formatError.ts';
import { parquetRecordLines } from '../../../../src/core/formats/parquetRecords.ts';
import { parseRecordLine } from '../../../../src/core/formats/records.ts';
import type { ShardKind } from '../../../../src/core/formats/manifest.ts';
import { sharedExternal } from '../../../sharedExternal.ts';
import { parquetOf, readJsonl, readQrelsTsv } from '../../../fixtures/hubDatasetFixture.ts';

async function linesOf(bytes: Uint8Array, kind: ShardKind): Promise<string[][]> {
  const groups: string[][] = [];
  for await (const g of parquetRecordLines(bytes.slice().buffer, kind)) groups.push(g);
  return groups;
}
const recordsOf = async (bytes: Uint8Array, kind: ShardKind) => (await linesOf(bytes, kind)).flat().map((l, i) => parseRecordLine(kind, 'jsonl', l, i + 1)!.data);
const errorOf = async (bytes: Uint8Array, kind: ShardKind) => {
  try {
    await linesOf(bytes, kind);
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError);
    return (e as Error).message;
  }
  throw new Error('no error');
};

const TESTS = ['parquetRecordLines gives the records of the JSONL files of beir-dbpedia-entity-subset and msmarco-trecdl-subset'];
const beir = sharedExternal('beir-dbpedia-entity-subset', TESTS);
const msmarco = sharedExternal('msmarco-trecdl-subset', TESTS);

describe('parquetRecordLines(file, kind)', () => {
  it('yields one array of JSON Lines per row group, ids as strings, integer scores as numbers, other columns ignored', async () => {
    const bytes = new Uint8Array(parquetWriteBuffer({
      rowGroupSize: 2,
      columnData: [
        { name: 'query-id', data: [1n, 2n, 3n], type: 'INT64' },
        { name: 'corpus-id', data: ['d1', 'd2', 'd3'], type: 'STRING' },
        { name: 'score', data: [1, 0, 2], type: 'INT32' },
        { name: 'extra', data: ['x', 'y', 'z'], type: 'STRING' },
      ],
    }));
    expect(await linesOf(bytes, 'qrels')).toEqual([
      ['{"query_id":"1","corpus_id":"d1","score":1}', '{"query_id":"2","corpus_id":"d2","score":0}'],
      ['{"query_id":"3","corpus_id":"d3","score":2}'],
    ]);
  });

  it('leaves out a null optional title, and keeps an empty one', async () => {
    const bytes = new Uint8Array(parquetWriteBuffer({
      columnData: [
        { name: '_id', data: ['a', 'b'], type: 'STRING' },
        { name: 'title', data: [null, ''], type: 'STRING', nullable: true },
        { name: 'text', data: ['A', 'B'], type: 'STRING' },
      ],
    }));
    expect((await linesOf(bytes, 'corpus')).flat()).toEqual(['{"_id":"a","text":"A"}', '{"_id":"b","title":"","text":"B"}']);
  });

  it.skipIf(beir.skip !== false || msmarco.skip !== false)(TESTS[0], async () => {
    for (const dir of [beir.path(), msmarco.path()]) {
      const corpus = readJsonl(join(dir, 'corpus.jsonl'));
      const queries = readJsonl(join(dir, 'queries.jsonl'));
      const qrels = readQrelsTsv(join(dir, 'qrels/test.tsv'));
      const col = (rows: Record<string, unknown>[], f: string) => rows.map((r) => String(r[f]));
      const pick = (r: Record<string, unknown>, fields: string[]) => Object.fromEntries(fields.map((f) => [f, r[f]]));
      // The JSONL import's records, through the same validation (records.ts).
      const jsonlCorpus = corpus.map((r, i) => pick(parseRecordLine('corpus', 'jsonl', JSON.stringify(r), i + 1)!.data as never, ['_id', 'title', 'text']));
      const fromParquet = await recordsOf(parquetOf({ _id: col(corpus, '_id'), title: col(corpus, 'title'), text: col(corpus, 'text') }, 700), 'corpus');
      expect(fromParquet).toEqual(jsonlCorpus);
      const jsonlQueries = queries.map((r, i) => pick(parseRecordLine('queries', 'jsonl', JSON.stringify(r), i + 1)!.data as never, ['_id', 'text']));
      expect(await recordsOf(parquetOf({ _id: col(queries, '_id'), text: col(queries, 'text') }), 'queries')).toEqual(jsonlQueries);
      const tsv = qrels.map((q, i) => parseRecordLine('qrels', 'tsv', `${q['query-id']}\t${q['corpus-id']}\t${q.score}`, i + 1)!.data);
      expect(await recordsOf(parquetOf({ 'query-id': qrels.map((q) => q['query-id']), 'corpus-id': qrels.map((q) => q['corpus-id']), score: qrels.map((q) => q.score) }, 500), 'qrels')).toEqual(tsv);
    }
  });

  it('names a missing column and the columns the file has', async () => {
    const bytes = parquetOf({ _id: ['a'], body: ['x'] });
    expect(await errorOf(bytes, 'corpus')).toBe('Parquet column "text" is missing: a corpus file needs "_id", "text"; this one has "_id", "body"');
    expect(await errorOf(parquetOf({ 'query-id': ['q'], 'corpus-id': ['d'] }), 'qrels')).toMatch(/^Parquet column "score" is missing/);
  });

  it('names a mistyped column and what it must hold', async () => {
    const bytes = new Uint8Array(parquetWriteBuffer({ columnData: [{ name: '_id', data: ['a'], type: 'STRING' }, { name: 'text', data: [5], type: 'INT32' }] }));
    expect(await errorOf(bytes, 'queries')).toBe('Parquet column "text" is an integer column (INT32); it must be a string');
    const score = new Uint8Array(parquetWriteBuffer({ columnData: [{ name: 'query-id', data: ['q'], type: 'STRING' }, { name: 'corpus-id', data: ['d'], type: 'STRING' }, { name: 'score', data: ['high'], type: 'STRING' }] }));
    expect(await errorOf(score, 'qrels')).toBe('Parquet column "score" is a string column (BYTE_ARRAY UTF8); it must be a number');
  });

  it('names the row of a null required cell', async () => {
    const bytes = new Uint8Array(parquetWriteBuffer({ columnData: [{ name: '_id', data: ['a', null], type: 'STRING', nullable: true }, { name: 'text', data: ['A', 'B'], type: 'STRING' }] }));
    expect(await errorOf(bytes, 'queries')).toBe('Parquet column "_id" is null in row 2');
  });

  it('says a truncated file or one that is not Parquet is not readable', async () => {
    const whole = parquetOf({ _id: ['a', 'b'], text: ['A', 'B'] });
    for (const cut of [whole.slice(0, whole.length - 9), whole.slice(0, 100), new TextEncoder().encode('{"_id":"a","text":"A"}\n')]) {
      expect(await errorOf(cut, 'queries')).toMatch(/^not a readable Parquet file, truncated or corrupt \(/);
    }
  });

  it('refuses a kind an MTEB dataset does not store as Parquet', async () => {
    expect(await errorOf(parquetOf({ _id: ['a'] }), 'pools')).toBe('a pools shard cannot be Parquet; only corpus, queries, qrels, twins can');
  });

  it('reads twins (the fair-freelancer benchmark\'s) by our field names or their MTEB-style spellings, and a lang column', async () => {
    const ours = parquetOf({ id: ['d1'], twin_id: ['d1-twin'], twin_text: ['She …'], group: ['male'], twin_group: ['female'], lang: ['en'] });
    const mteb = parquetOf({ 'corpus-id': ['d1'], 'twin-id': ['d1-twin'], 'twin-text': ['She …'], group: ['male'], 'twin-group': ['female'], language: ['en'] });
    const want = [{ id: 'd1', twin_id: 'd1-twin', twin_text: 'She …', group: 'male', twin_group: 'female', lang: 'en' }];
    expect(await recordsOf(ours, 'twins')).toEqual(want);
    expect(await recordsOf(mteb, 'twins')).toEqual(want);
    expect(await recordsOf(parquetOf({ _id: ['q1'], text: ['a query'], lang: ['fr'] }), 'queries')).toEqual([{ _id: 'q1', text: 'a query', lang: 'fr' }]);
    expect(await errorOf(parquetOf({ id: ['d1'], twin_id: ['t'], group: ['m'], twin_group: ['f'] }), 'twins')).toMatch(/^Parquet column "twin_text" is missing: a twins file needs "id", "twin_id", "twin_text", "group", "twin_group"/);
  });
});

import { describe, expect, it } from 'vitest';
import { FormatError } from '../../../../src/core/formats/formatError.ts';
import { lineFormatOf, parseRecordLine, validateRecord } from '../../../../src/core/formats/records.ts';

function error(f: () => unknown): FormatError {
  try {
    f();
  } catch (e) {
    if (e instanceof FormatError) return e;
    throw e;
  }
  throw new Error('expected a FormatError');
}

describe('parseRecordLine', () => {
  it('parseRecordLine("corpus", …) keys by _id, keeps extra fields and turns a numeric _id into a string', () => {
    expect(parseRecordLine('corpus', 'jsonl', '{"_id":4380635,"title":"","text":"t","metadata":{}}', 1)).toEqual({
      id: '4380635', data: { _id: '4380635', title: '', text: 't', metadata: {} },
    });
  });

  it('parseRecordLine reports malformed JSON with its line', () => {
    const e = error(() => parseRecordLine('queries', 'jsonl', '{"_id":', 7));
    expect(e.line).toBe(7);
    expect(e.message).toMatch(/^malformed JSON: /);
  });

  it('parseRecordLine("qrels", "tsv", …) reads MTEB TSV and TREC rows, and skips the header', () => {
    expect(parseRecordLine('qrels', 'tsv', 'query-id\tcorpus-id\tscore', 1)).toBeUndefined();
    expect(parseRecordLine('qrels', 'tsv', 'q1\td1\t2', 2)).toEqual({ id: 'q1\td1', data: { query_id: 'q1', corpus_id: 'd1', score: 2 } });
    expect(parseRecordLine('qrels', 'tsv', 'q1 0 d2 1', 3)?.data).toEqual({ query_id: 'q1', corpus_id: 'd2', score: 1 });
    expect(error(() => parseRecordLine('qrels', 'tsv', 'q1\td1\thigh', 4)).line).toBe(4);
  });

  it('parseRecordLine("qrels", "jsonl", …) reads {query_id, corpus_id, score}', () => {
    expect(parseRecordLine('qrels', 'jsonl', '{"query_id":"q","corpus_id":7,"score":1}', 1)?.data).toEqual({ query_id: 'q', corpus_id: '7', score: 1 });
    expect(error(() => parseRecordLine('qrels', 'jsonl', '{"query_id":"q","corpus_id":"d"}', 1)).message).toMatch(/"score" must be a number/);
  });

  it('parseRecordLine refuses TSV for a shard kind other than qrels', () => {
    expect(error(() => parseRecordLine('corpus', 'tsv', 'a\tb', 2)).message).toMatch(/must be JSON Lines/);
  });
});

describe('validateRecord', () => {
  it.each([
    ['corpus', { text: 'x' }, /missing or empty "_id"/],
    ['corpus', { _id: 'a', text: 3 }, /"text" must be a string/],
    ['corpus', { _id: ' ', text: 'x' }, /missing or empty "_id"/],
    ['queries', { _id: 'a', text: 'x', lang: 1 }, /"lang" must be a string/],
    ['twins', { id: 'a', twin_id: 'b', twin_text: 'x', group: 'f' }, /"twin_group" must be a string/],
    ['pools', { job_id: 'j', cv_ids: [] }, /"cv_ids" must be a non-empty array/],
    ['pools', { job_id: 'j', cv_ids: [{}] }, /"cv_ids" must hold identifiers/],
    ['variants', { cv_id: 'c', variant_id: 'v', attribute: 'g', group: 'f', signal: 'loud', text: 'x' }, /"signal" must be one of "explicit", "implicit", "noise"/],
    ['labels', { job_id: 'j', cv_id: 'c', label: 2, split: 'test' }, /"label" must be one of 0, 1/],
    ['labels', { job_id: 'j', cv_id: 'c', label: 1, split: 'train' }, /"split" must be one of "tune", "test"/],
    ['jobs', ['not', 'an', 'object'], /a jobs record must be a JSON object/],
  ] as const)('validateRecord(%s, …) refuses %j', (kind, value, expected) => {
    const e = error(() => validateRecord(kind, value, 5));
    expect(e.message).toMatch(expected);
    expect(e.line).toBe(5);
  });

  it.each([
    ['twins', { id: 'a', twin_id: 'a-t', twin_text: 'x', group: 'f', twin_group: 'm' }, 'a-t'],
    ['pools', { job_id: 'j', cv_ids: ['c1', 2] }, 'j'],
    ['variants', { cv_id: 'c', variant_id: 'c.g', attribute: 'gender', group: 'f', signal: 'implicit', name: 'Ann', text: 'x' }, 'c.g'],
    ['labels', { job_id: 'j', cv_id: 'c', label: 0, split: 'tune' }, 'j\tc'],
    ['cvs', { _id: 'c', text: 'x', occupation: 'it' }, 'c'],
    ['predictions', { _id: 'p', output: 1 }, 'p'],
    ['predictions', { output: 1 }, 'line:5'],
  ] as const)('validateRecord(%s, …) keys the record as %s', (kind, value, id) => {
    expect(validateRecord(kind, structuredClone(value), 5).id).toBe(id);
  });

  it('validateRecord("pools", …) stores numeric cv ids as strings', () => {
    expect(validateRecord('pools', { job_id: 'j', cv_ids: ['c1', 2] }, 1).data).toEqual({ job_id: 'j', cv_ids: ['c1', '2'] });
  });
});

describe('lineFormatOf', () => {
  it('lineFormatOf(path) is tsv for .tsv/.txt/.qrels (gzipped or not), else jsonl', () => {
    expect(['a.tsv', 'a.tsv.gz', 'qrels/test.TSV', 'x.qrels', 'b.jsonl', 'b.jsonl.gz', 'tsv.jsonl'].map(lineFormatOf)).toEqual([
      'tsv', 'tsv', 'tsv', 'tsv', 'jsonl', 'jsonl', 'jsonl',
    ]);
  });
});

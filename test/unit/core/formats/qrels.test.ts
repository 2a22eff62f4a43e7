import { describe, expect, it } from 'vitest';
import { parseQrels, parseQrelsLine } from '../../../../src/core/formats/qrels.ts';
import { FormatError } from '../../../../src/core/formats/formatError.ts';

function errorOf(fn: () => unknown): FormatError {
  try {
    fn();
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error('expected a FormatError');
}

describe('parseQrels', () => {
  it('parseQrels reads MTEB TSV with a header into query → document → grade', () => {
    const qrels = parseQrels('query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td2\t0\nq2\td1\t1\n');
    expect(qrels.get('q1')).toEqual(new Map([['d1', 2], ['d2', 0]]));
    expect(qrels.get('q2')).toEqual(new Map([['d1', 1]]));
  });

  it('parseQrels reads TREC qrels (qid iter docid rel)', () => {
    const qrels = parseQrels('301 0 FT911-3 1\n301 0 FT911-4 0\n');
    expect(qrels.get('301')).toEqual(new Map([['FT911-3', 1], ['FT911-4', 0]]));
  });

  it('parseQrels keeps the last grade of a repeated (query, document) pair', () => {
    expect(parseQrels('q\td\t1\nq\td\t3\n').get('q')?.get('d')).toBe(3);
  });

  it('parseQrels throws a FormatError naming the line for a non-numeric grade or an unknown row shape', () => {
    const e = errorOf(() => parseQrels('q1\td1\t1\nq1\td2\trelevant\n'));
    expect(e.line).toBe(2);
    expect(e.message).toMatch(/not a number/);
    expect(errorOf(() => parseQrels('q1 d1\n')).line).toBe(1);
  });

  it('parseQrels throws a FormatError for an empty file or a header alone', () => {
    expect(() => parseQrels('')).toThrow(/empty qrels/);
    expect(() => parseQrels('query-id\tcorpus-id\tscore\n')).toThrow(/empty qrels/);
  });

  it('parseQrelsLine returns undefined for the MTEB header (query_id spelling too)', () => {
    expect(parseQrelsLine('query_id\tcorpus_id\tscore', 1)).toBeUndefined();
  });
});

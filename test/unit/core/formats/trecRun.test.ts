import { describe, expect, it } from 'vitest';
import { parseRun } from '../../../../src/core/formats/trecRun.ts';
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

describe('parseRun', () => {
  it('parseRun reads a TREC run (qid Q0 docid rank score tag), ignoring the rank column', () => {
    const run = parseRun('q1 Q0 d1 1 0.9 bm25\nq1 Q0 d2 2 1.5 bm25\nq2\tQ0\td7\t1\t-3e-1\tbm25\n');
    expect(run.get('q1')).toEqual([
      { id: 'd1', score: 0.9 },
      { id: 'd2', score: 1.5 },
    ]);
    expect(run.get('q2')).toEqual([{ id: 'd7', score: -0.3 }]);
  });

  it('parseRun reads a TSV run (query-id corpus-id score) with or without header, CRLF and blank lines', () => {
    const run = parseRun('query-id\tcorpus-id\tscore\r\nq1\tdoc 1\t2\r\n\r\nq1\td2\t1\r\n');
    expect([...run.keys()]).toEqual(['q1']);
    expect(run.get('q1')).toEqual([
      { id: 'doc 1', score: 2 },
      { id: 'd2', score: 1 },
    ]);
    expect(parseRun('a\tb\t3').get('a')).toEqual([{ id: 'b', score: 3 }]);
  });

  it('parseRun throws a FormatError naming the line for an unknown format', () => {
    const e = errorOf(() => parseRun('\nq1 d1 0.5\n'));
    expect(e.line).toBe(2);
    expect(e.message).toMatch(/unknown run format/);
  });

  it('parseRun throws a FormatError naming the line for a short row after the format is fixed', () => {
    expect(errorOf(() => parseRun('q1 Q0 d1 1 0.9 x\nq1 Q0 d2 2 0.8\n')).line).toBe(2);
    expect(errorOf(() => parseRun('q1\td1\t1\nq1\td2\n')).line).toBe(2);
  });

  it('parseRun throws a FormatError naming the line for a non-numeric or empty score', () => {
    const e = errorOf(() => parseRun('q1 Q0 d1 1 0.9 x\nq1 Q0 d2 2 high x\n'));
    expect(e.line).toBe(2);
    expect(e.message).toMatch(/score is not a number: "high"/);
    expect(errorOf(() => parseRun('q1\td1\t \n')).line).toBe(1);
    expect(errorOf(() => parseRun('q1\td1\tNaN\n')).line).toBe(1);
  });

  it('parseRun throws a FormatError for a document repeated within a query, and accepts it across queries', () => {
    expect(errorOf(() => parseRun('q1\td1\t1\nq2\td1\t1\nq1\td1\t2\n')).line).toBe(3);
  });

  it('parseRun throws a FormatError for an empty file or a header alone', () => {
    expect(errorOf(() => parseRun('')).message).toMatch(/empty run file/);
    expect(errorOf(() => parseRun('\n  \n')).message).toMatch(/empty run file/);
    expect(errorOf(() => parseRun('query-id\tcorpus-id\tscore\n')).message).toMatch(/empty run file/);
  });
});

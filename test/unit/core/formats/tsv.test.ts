import { describe, expect, it } from 'vitest';
import { parseNumberCell, readTsv } from '../../../../src/core/formats/tsv.ts';
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

describe('readTsv', () => {
  it('readTsv(text, columns) skips a header matching the column names (case, - and _ alike)', () => {
    const rows = readTsv('ID\tGroup_Name\nx\tj1\n', ['id', 'group-name']);
    expect(rows).toEqual([{ line: 2, cells: ['x', 'j1'] }]);
  });

  it('readTsv keeps a first row that is not the header as data, with line numbers past blank lines', () => {
    expect(readTsv('a\tb\n\nc\td\te\n', ['id', 'group'])).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['c', 'd', 'e'] },
    ]);
  });

  it('readTsv throws a FormatError naming the line of a short row', () => {
    const e = errorOf(() => readTsv('id\tgroup\nx\tj\ny\n', ['id', 'group']));
    expect(e.line).toBe(3);
    expect(e.message).toMatch(/short row/);
  });

  it('readTsv throws a FormatError on an empty file or a header alone', () => {
    expect(errorOf(() => readTsv('\n\n', ['id'])).message).toMatch(/empty file/);
    expect(errorOf(() => readTsv('id\tscore\n', ['id', 'score'])).line).toBe(1);
  });
});

describe('parseNumberCell', () => {
  it('parseNumberCell parses finite numbers and throws a FormatError naming the column otherwise', () => {
    expect(parseNumberCell('1e2', 4, 'score')).toBe(100);
    // Strict (issue 27): spaces around the number, hex and Infinity are refused, not read by Number().
    expect(() => parseNumberCell(' 1e2 ', 4, 'score')).toThrow(FormatError);
    expect(() => parseNumberCell('0x10', 4, 'score')).toThrow(FormatError);
    const e = errorOf(() => parseNumberCell('abc', 4, 'score'));
    expect(e.line).toBe(4);
    expect(e.message).toBe('score is not a number: "abc"');
    expect(() => parseNumberCell('', 1, 'score')).toThrow(FormatError);
    expect(() => parseNumberCell('Infinity', 1, 'score')).toThrow(FormatError);
  });
});

import { describe, expect, it } from 'vitest';
import { lineLocator, readDelimited } from '../../../../src/core/formats/delimited.ts';
import { FormatError } from '../../../../src/core/formats/formatError.ts';
import { readRecordTable, tableFormatOf } from '../../../../src/core/formats/recordTable.ts';

function formatError(f: () => unknown): FormatError {
  try {
    f();
  } catch (e) {
    if (e instanceof FormatError) return e;
    throw e;
  }
  throw new Error('expected a FormatError');
}

describe('readDelimited', () => {
  it('readDelimited(text, ",") keeps quoted commas and the line each row starts on', () => {
    expect(readDelimited('a,b\n"x, y",2\n', ',')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', '2'] },
    ]);
  });

  it('readDelimited(text) numbers rows by their first line when a quoted cell spans lines, and skips blank lines', () => {
    const rows = readDelimited('a,b\r\n"multi\nline",1\r\n\r\nz,"say ""hi"""\r\n', ',');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['multi\nline', '1'] },
      { line: 5, cells: ['z', 'say "hi"'] },
    ]);
  });

  it('readDelimited(text) ignores a byte-order mark and never guesses types', () => {
    expect(readDelimited('\uFEFFid\n007\n', ',')).toEqual([
      { line: 1, cells: ['id'] },
      { line: 2, cells: ['007'] },
    ]);
  });

  it('readDelimited(text) throws a FormatError naming the line of an unterminated quote', () => {
    const e = formatError(() => readDelimited('a,b\n1,2\n"open,3\n4,5\n', ','));
    expect(e.line).toBe(3);
    expect(e.message).toMatch(/unterminated/);
  });

  it('lineLocator(text) maps offsets to 1-based lines for LF, CRLF and CR', () => {
    const at = lineLocator('a\nb\r\nc\rd');
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(at)).toEqual([1, 1, 2, 2, 2, 3, 3, 4]);
  });
});

describe('tableFormatOf', () => {
  it('tableFormatOf(name, text) goes by the extension, a trailing .gz ignored', () => {
    expect(tableFormatOf('decisions.tsv.gz', '')).toBe('tsv');
    expect(tableFormatOf('d.CSV', '{"a":1}')).toBe('csv');
    expect(tableFormatOf('d.ndjson', 'a,b')).toBe('jsonl');
  });

  it('tableFormatOf(name, text) sniffs JSON Lines, TSV or CSV when the extension says nothing', () => {
    expect(tableFormatOf('d.txt', '\n {"a":1}\n')).toBe('jsonl');
    expect(tableFormatOf(undefined, 'a\tb\n1\t2\n')).toBe('tsv');
    expect(tableFormatOf('decisions', 'a,b\n')).toBe('csv');
  });
});

describe('readRecordTable', () => {
  it("readRecordTable('g,y\\nf,1\\n', 'csv') names the columns from the header (the @example)", () => {
    expect(readRecordTable('g,y\nf,1\n', 'csv')).toEqual({ format: 'csv', columns: ['g', 'y'], headerLine: 1, rows: [{ line: 2, cells: ['f', '1'] }] });
  });

  it('readRecordTable(tsv) reads tab-separated cells and trims the header names', () => {
    const t = readRecordTable(' g \ty\n\nf\t1\nm\t0\n', 'tsv');
    expect(t.columns).toEqual(['g', 'y']);
    expect(t.rows.map((r) => [r.line, ...r.cells])).toEqual([[3, 'f', '1'], [4, 'm', '0']]);
  });

  it('readRecordTable(jsonl) takes the keys in order of first appearance; absent and null are empty', () => {
    const t = readRecordTable('{"g":"f","y":1}\n\n{"y":0,"g":"m","s":2.5}\n{"g":null,"y":true}\n', 'jsonl');
    expect(t.columns).toEqual(['g', 'y', 's']);
    expect(t.headerLine).toBe(1);
    expect(t.rows).toEqual([
      { line: 1, cells: ['f', '1', ''] },
      { line: 3, cells: ['m', '0', '2.5'] },
      { line: 4, cells: ['', 'true', ''] },
    ]);
  });

  it('readRecordTable(text, format, 0) reads the header alone', () => {
    expect(readRecordTable('a,b\n1,2\n3\n', 'csv', 0)).toEqual({ format: 'csv', columns: ['a', 'b'], headerLine: 1, rows: [] });
  });

  it('readRecordTable(text) throws a FormatError naming the line of a short row, a doubled column, an empty file or a non-object JSON line', () => {
    expect(formatError(() => readRecordTable('a,b\n1,2\n3\n', 'csv'))).toMatchObject({ line: 3, message: 'row has 1 cells, the header 2 (a, b)' });
    expect(formatError(() => readRecordTable('\n\na,b,a\n', 'csv'))).toMatchObject({ line: 3, message: 'the header names column "a" twice' });
    expect(formatError(() => readRecordTable(' \n', 'csv')).message).toMatch(/^empty file/);
    expect(formatError(() => readRecordTable('{"a":1}\n[1]\n', 'jsonl'))).toMatchObject({ line: 2, message: 'expected a JSON object' });
  });
});

import { describe, expect, it } from 'vitest';
import { readTable } from '../../../../src/core/formats/delimited.ts';

describe('readTable(text, delimiter)', () => {
  it('runs its @example', () => {
    expect(readTable('a;b\n1;2\n', 'guess').delimiter).toBe(';');
  });

  it('guesses ",", ";" and tab on two-line files with a final newline (papaparse alone would not)', () => {
    expect(readTable('id,text\nx,"a; b"\n', 'guess').delimiter).toBe(',');
    expect(readTable('id;text\nx;a, b\n', 'guess').delimiter).toBe(';');
    expect(readTable('id\ttext\nx\ta, b\n\n', 'guess').delimiter).toBe('\t');
  });

  it('falls back to "," for a single column, and reads it', () => {
    expect(readTable('text\nhello\n', 'guess')).toEqual({ delimiter: ',', rows: [{ line: 1, cells: ['text'] }, { line: 2, cells: ['hello'] }] });
  });

  it('keeps the given separator and the line each row starts on', () => {
    expect(readTable('\ufeffa;b\n"x\ny";2\n', ';')).toEqual({ delimiter: ';', rows: [{ line: 1, cells: ['a', 'b'] }, { line: 2, cells: ['x\ny', '2'] }] });
  });
});

/**
 * One rule for numbers in files and on the command line (issue 27): a plain
 * decimal only. Each reader of a score, label or count column refuses what
 * Number() would read silently, naming the line.
 */
import { describe, expect, it } from 'vitest';
import { strictNumber } from '../../../../src/core/formats/strictNumber.ts';
import { FormatError } from '../../../../src/core/formats/formatError.ts';
import { parseQrels } from '../../../../src/core/formats/qrels.ts';
import { parseRun } from '../../../../src/core/formats/trecRun.ts';
import { RunColumnsBuilder } from '../../../../src/core/formats/runColumns.ts';
import { parseNumberCell } from '../../../../src/core/formats/tsv.ts';
import { parsePredictions } from '../../../../src/core/formats/predictionsTsv.ts';
import { parseScreeningScoreRows } from '../../../../src/core/audit/imported/screeningScores.ts';
import { readDecisions } from '../../../../src/core/formats/decisions.ts';
import { readRecordTable } from '../../../../src/core/formats/recordTable.ts';

/** What Number() reads but no score, label or count may be. */
const BAD = ['0x10', '1e', '  5', '5 ', 'Infinity', '-Infinity', 'NaN', '1_000', '', '0b1', '0o7', '1e999', '+', '.', '1.2.3', '١٢'];
const GOOD: [string, number][] = [['5', 5], ['-1', -1], ['+2.50', 2.5], ['.5', 0.5], ['5.', 5], ['1e-3', 0.001], ['6.02E23', 6.02e23], ['0', 0], ['-0.0', -0]];

describe('strictNumber(text)', () => {
  it.each(GOOD)('reads the plain decimal "%s" as %d, exactly as Number() does', (text, value) => {
    expect(strictNumber(text)).toBe(value);
    expect(strictNumber(text)).toBe(Number(text));
  });
  it.each(BAD)('refuses "%s" (undefined)', (text) => {
    expect(strictNumber(text)).toBeUndefined();
  });
});

function lineOf(fn: () => unknown): number | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof FormatError) return e.line;
    throw e;
  }
  throw new Error('expected a FormatError');
}

describe('every reader of a number column refuses what strictNumber refuses, naming the line', () => {
  const bad = BAD.filter((b) => b.trim() !== '' && !/\s/.test(b));
  it.each(bad)('qrels grade "%s"', (v) => {
    expect(lineOf(() => parseQrels(`q1\td1\t1\nq1\td2\t${v}\n`))).toBe(2);
  });
  it.each(bad)('TREC run score "%s" (parseRun and the streamed reader)', (v) => {
    const text = `q1 Q0 d1 1 2.0 t\nq1 Q0 d2 2 ${v} t\n`;
    expect(lineOf(() => parseRun(text))).toBe(2);
    const b = new RunColumnsBuilder();
    expect(lineOf(() => text.trim().split('\n').forEach((l, i) => b.add(l, i + 1)))).toBe(2);
  });
  it('a TSV run score with spaces around it, in both readers', () => {
    const text = 'q1\td1\t2.0\nq1\td2\t 5\n';
    expect(lineOf(() => parseRun(text))).toBe(2);
    const b = new RunColumnsBuilder();
    expect(lineOf(() => text.trim().split('\n').forEach((l, i) => b.add(l, i + 1)))).toBe(2);
  });
  it.each(BAD)('a TSV score cell "%s"', (v) => {
    expect(() => parseNumberCell(v, 3, 'score')).toThrow(FormatError);
    expect(lineOf(() => parsePredictions(`a\tj\t1\t0.5\nb\tj\t0\t${v}\n`))).toBe(2);
  });
  it('a label of " 1" or "1.0" in a predictions TSV', () => {
    expect(lineOf(() => parsePredictions('a\tj\t1\t0.5\nb\tj\t 1\t0.2\n'))).toBe(2);
    expect(lineOf(() => parsePredictions('a\tj\t1\t0.5\nb\tj\t1.0\t0.2\n'))).toBe(2);
  });
  it.each(bad)('an imported screening score "%s"', (v) => {
    expect(lineOf(() => parseScreeningScoreRows(`job\tcv\tvariant\trun\tscore\nj\tc\torig\t1\t50\nj\tc\tv1\t1\t${v}\n`))).toBe(3);
  });
  it.each(BAD.filter((b) => b !== ''))('a decisions score "%s" and a selection " 1"', (v) => {
    const table = readRecordTable(`g,s,y\nf,1,1\nm,${v},0\n`, 'csv');
    expect(lineOf(() => readDecisions(table, { groups: ['g'], score: 's' }))).toBe(3);
    const sel = readRecordTable('g,y\nf,1\nm, 1\n', 'csv');
    expect(lineOf(() => readDecisions(sel, { groups: ['g'], selected: 'y' }))).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { tableToCsv, tableToJson } from '../../../../src/present/plots/export.ts';
import { tablePareto } from '../../../../src/present/plots/pareto.ts';
import { paretoSpec } from './fixtures.ts';

describe('tableToCsv', () => {
  it('tableToCsv(columns, rows) quotes fields with commas, quotes and line breaks per RFC 4180', () => {
    expect(tableToCsv(['name', 'note'], [['a,b', 'say "hi"'], ['line\nbreak', 1.5], ['cr\rhere', 'plain']])).toBe(
      'name,note\r\n"a,b","say ""hi"""\r\n"line\nbreak",1.5\r\n"cr\rhere",plain\r\n',
    );
  });

  it('tableToCsv(columns, rows) writes missing and non-finite cells as empty fields, numbers in full', () => {
    expect(tableToCsv(['a', 'b', 'c', 'd'], [[null, undefined, NaN, 0.1 + 0.2]])).toBe('a,b,c,d\r\n,,,0.30000000000000004\r\n');
    expect(tableToCsv(['ok'], [[true], [false]])).toBe('ok\r\ntrue\r\nfalse\r\n');
  });

  it('tableToCsv(columns, []) is the header line alone', () => {
    expect(tableToCsv(['x', 'y "z"'], [])).toBe('x,"y ""z"""\r\n');
  });

  it('tableToCsv(columns, rows) throws a RangeError for a row of the wrong length', () => {
    expect(() => tableToCsv(['a', 'b'], [['only one']])).toThrow(RangeError);
  });
});

describe('tableToJson', () => {
  it('tableToJson(columns, rows) gives one object per row keyed by column, null for missing', () => {
    const json = tableToJson(['model', 'x', 'ci'], [['a "b"', 0.5, undefined], ['c', Infinity, null]]);
    expect(JSON.parse(json)).toEqual([
      { model: 'a "b"', x: 0.5, ci: null },
      { model: 'c', x: null, ci: null },
    ]);
    expect(json.endsWith('\n')).toBe(true);
  });

  it('tableToJson(columns, rows) throws a RangeError for a row of the wrong length', () => {
    expect(() => tableToJson(['a'], [[1, 2]])).toThrow(RangeError);
  });

  it('a plot table round-trips through JSON with its numbers intact', () => {
    const table = tablePareto(paretoSpec);
    const parsed = JSON.parse(tableToJson(table.columns, table.rows)) as Record<string, unknown>[];
    expect(parsed).toHaveLength(5);
    expect(parsed[2]).toEqual({ model: 'gte-large', 'nDCG@10': 0.69, 'nDCG@10 CI low': 0.66, 'nDCG@10 CI high': 0.72, '−|RBC|': -0.14, '−|RBC| CI low': -0.19, '−|RBC| CI high': -0.1, 'on frontier': true });
  });
});

import { describe, expect, it } from 'vitest';
import { readAnnotations } from '../../../../src/core/formats/annotations.ts';
import { readRecordTable } from '../../../../src/core/formats/recordTable.ts';

const csv = (text: string) => readRecordTable(text, 'csv');

describe('readAnnotations', () => {
  it("readAnnotations(table).annotators lists the annotators in order of first appearance (the @example)", () => {
    const a = readAnnotations(csv('item,annotator,label\nq1,ann,2\nq1,bob,3\n'));
    expect(a.annotators).toEqual(['ann', 'bob']);
    expect([a.nItems, a.nRows]).toEqual([1, 2]);
    expect(a.grades.get('bob')!.get('q1')).toBe(3);
  });

  it('readAnnotations joins several item columns into one item', () => {
    const a = readAnnotations(csv('job,cv,who,grade\nj1,c1,x,1\nj1,c2,x,2\nj2,c1,y,0\n'), { item: ['job', 'cv'], annotator: 'who', label: 'grade' });
    expect(a.nItems).toBe(3);
    expect([...a.grades.get('x')!.keys()]).toEqual(['j1\u0000c1', 'j1\u0000c2']);
  });

  it('readAnnotations reads TSV and JSON Lines alike', () => {
    expect(readAnnotations(readRecordTable('item\tannotator\tlabel\nq\ta\t1\n', 'tsv')).nRows).toBe(1);
    expect(readAnnotations(readRecordTable('{"item":"q","annotator":"a","label":1}\n', 'jsonl')).grades.get('a')!.get('q')).toBe(1);
  });

  it('readAnnotations throws naming the line of a label that is not a number, an empty cell and a repeated grade', () => {
    expect(() => readAnnotations(csv('item,annotator,label\nq,a,high\n'))).toThrow('label "label" is not a finite number: "high"');
    expect(() => readAnnotations(csv('item,annotator,label\nq,,1\n'))).toThrow('empty annotator value in column "annotator"');
    expect(() => readAnnotations(csv('item,annotator,label\nq,a,1\nq,a,2\n'))).toThrow('annotator "a" grades item "q" twice (first on line 2)');
  });

  it('readAnnotations throws listing the columns for an unknown column, and for a table without rows', () => {
    expect(() => readAnnotations(csv('item,rater,label\nq,a,1\n'))).toThrow('unknown annotator column "annotator"; the columns are "item", "rater", "label"');
    expect(() => readAnnotations(csv('item,annotator,label\n'))).toThrow('no data rows after the header');
  });
});

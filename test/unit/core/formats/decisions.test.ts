import { describe, expect, it } from 'vitest';
import { readDecisions, type DecisionColumns } from '../../../../src/core/formats/decisions.ts';
import { FormatError } from '../../../../src/core/formats/formatError.ts';
import { readRecordTable } from '../../../../src/core/formats/recordTable.ts';

const CSV = ['job,id,sex,race,y,score,label', 'j1,a,f,b,1,70,1', 'j1,b,m,w,0,40.5,0', 'j2,a, f ,w,1,55,1', ''].join('\n');
const table = readRecordTable(CSV, 'csv');

function errorOf(text: string, columns: DecisionColumns): FormatError {
  try {
    readDecisions(readRecordTable(text, 'csv'), columns);
  } catch (e) {
    if (e instanceof FormatError) return e;
    throw e;
  }
  throw new Error('expected a FormatError');
}

describe('readDecisions', () => {
  it("readDecisions(table, { groups: ['g'], selected: 'y' }) reads the selections (the @example)", () => {
    expect(readDecisions(readRecordTable('g,y\nf,1\nm,0\n', 'csv'), { groups: ['g'], selected: 'y' }).decision).toEqual({ kind: 'selected', column: 'y', selected: Uint8Array.of(1, 0) });
  });

  it('readDecisions(table, columns) maps groups (trimmed), scores, labels, jobs and lines', () => {
    const d = readDecisions(table, { groups: ['sex', 'race'], score: 'score', label: 'label', job: 'job', id: 'id' });
    expect(d.groupColumns).toEqual(['sex', 'race']);
    expect(d.groups).toEqual([['f', 'm', 'f'], ['b', 'w', 'w']]);
    expect(d.decision).toEqual({ kind: 'score', column: 'score', scores: Float64Array.of(70, 40.5, 55) });
    expect(d.label).toEqual({ column: 'label', values: Uint8Array.of(1, 0, 1) });
    expect(d.job).toEqual({ column: 'job', values: ['j1', 'j1', 'j2'] });
    expect(d.lines).toEqual([2, 3, 4]);
  });

  it('readDecisions(table, columns) names the header line and lists the columns for an unknown column', () => {
    expect(errorOf(CSV, { groups: ['gender'], selected: 'y' })).toMatchObject({
      line: 1,
      message: 'unknown group column "gender"; the columns are "job", "id", "sex", "race", "y", "score", "label"',
    });
    expect(errorOf(CSV, { groups: ['sex'], selected: 'callback' }).message).toMatch(/^unknown selection column "callback"/);
    expect(errorOf(CSV, { groups: ['sex'], score: 'y', label: 'truth' }).message).toMatch(/^unknown label column "truth"/);
  });

  it('readDecisions(table, columns) throws naming the line of a selection or label not 0/1, a non-finite score', () => {
    expect(errorOf('g,y\nf,1\nm,yes\n', { groups: ['g'], selected: 'y' })).toMatchObject({ line: 3, message: 'selection "y" must be 0 or 1, got "yes"' });
    expect(errorOf('g,y,l\nf,1,2\n', { groups: ['g'], selected: 'y', label: 'l' })).toMatchObject({ line: 2, message: 'label "l" must be 0 or 1, got "2"' });
    expect(errorOf('g,s\nf,1\nm,Infinity\n', { groups: ['g'], score: 's' })).toMatchObject({ line: 3, message: 'score "s" is not a finite number: "Infinity"' });
    expect(errorOf('g,s\nf,\n', { groups: ['g'], score: 's' })).toMatchObject({ line: 2, message: 'score "s" is not a finite number: ""' });
  });

  it('readDecisions(table, columns) reads an empty or missing group value as the category unknown (LL144 counts it), never an error or a dropped row', () => {
    expect(readDecisions(readRecordTable('g,y\nf,1\n  ,0\n', 'csv'), { groups: ['g'], selected: 'y' }).groups).toEqual([['f', 'unknown']]);
    expect(readDecisions(readRecordTable('{"g":"f","y":1}\n{"y":0}\n{"g":null,"y":1}\n', 'jsonl'), { groups: ['g'], selected: 'y' }).groups).toEqual([['f', 'unknown', 'unknown']]);
  });

  it('readDecisions(table, columns) rejects an id given twice, within its job when there is a job column', () => {
    expect(errorOf('id,g,y\na,f,1\nb,m,0\na,m,1\n', { groups: ['g'], selected: 'y', id: 'id' })).toMatchObject({ line: 4, message: 'candidate id "a" appears twice (first on line 2)' });
    expect(() => readDecisions(table, { groups: ['sex'], selected: 'y', id: 'id', job: 'job' })).not.toThrow();
    expect(errorOf('job,id,g,y\nj,a,f,1\nj,a,m,0\n', { groups: ['g'], selected: 'y', id: 'id', job: 'job' }).message).toBe('candidate id "a" appears twice in job "j" (first on line 2)');
  });

  it('readDecisions(table, columns) needs a group column and exactly one of selected and score, and data rows', () => {
    expect(errorOf(CSV, { groups: [], selected: 'y' }).message).toBe('give at least one group column');
    expect(errorOf(CSV, { groups: ['sex'], selected: 'y', score: 'score' }).message).toMatch(/either a selection column or a score column/);
    expect(errorOf(CSV, { groups: ['sex'] }).message).toMatch(/either a selection column or a score column/);
    expect(errorOf(CSV, { groups: ['sex', 'sex'], selected: 'y' }).message).toMatch(/named twice/);
    expect(errorOf('g,y\n', { groups: ['g'], selected: 'y' }).message).toBe('no data rows after the header');
  });
});

import { describe, expect, it } from 'vitest';
import { evalAgreement } from '../../../../../src/core/audit/eval/agreement.ts';
import { annotationColumns, runAgreement } from '../../../../../src/core/audit/eval/agreementInput.ts';
import { DEFAULT_ANNOTATION_COLUMNS, readAnnotations } from '../../../../../src/core/formats/annotations.ts';
import { readRecordTable } from '../../../../../src/core/formats/recordTable.ts';

const read = (text: string) => readAnnotations(readRecordTable(text, 'csv'));

// a and b share q1, q2 (grades 1/2 and 3/3); a and c share q3 (3/1); b and c share nothing.
const TABLE = 'item,annotator,label\nq1,a,1\nq1,b,2\nq2,a,3\nq2,b,3\nq3,a,3\nq3,c,1\nq4,b,2\nq5,c,2\n';

describe('evalAgreement', () => {
  it('evalAgreement(annotations, {threshold: 2}) scores each pair on its common items and lists only pairs that share one', () => {
    const r = evalAgreement(read(TABLE), { threshold: 2 });
    expect(r.pairs.map((p) => [p.annotators, p.n_common])).toEqual([[['a', 'b'], 2], [['a', 'c'], 1]]);
    const [ab, ac] = r.pairs;
    // a·b: |1−2| ≤ 1 and 3 = 3 → fuzzy 1; sides (0,1) and (1,1) → relevant 1/2;
    // quadratic κ over categories {1,2,3}, w(1,2) = w(2,3) = 1/4, w(1,3) = 1: observed Σw·O = (1/4)/2 = 1/8;
    // expected Σw·r·c/n² = (1/4 + 1 + 1/4)/4 = 3/8 (a: 1, 3; b: 2, 3) → κ = 1 − (1/8)/(3/8) = 2/3
    expect(ab.fuzzy_agreement).toBe(1);
    expect(ab.relevant_agreement).toBe(0.5);
    expect(ab.kappa_quadratic).toBeCloseTo(2 / 3, 15);
    expect(ab.kappa_binary).toBe(0); // a: 0,1; b: 1,1 → p_o = 1/2 = p_e
    expect([ac.fuzzy_agreement, ac.relevant_agreement, ac.kappa_quadratic]).toEqual([0, 0, 0]);
    expect([r.n_annotators, r.n_annotator_pairs, r.n_items, r.n_rows]).toEqual([3, 3, 5, 8]);
  });

  it('evalAgreement summarises each statistic by the mean and range over the pairs where it is defined', () => {
    const r = evalAgreement(read(TABLE), { threshold: 2 });
    expect(r.summary.fuzzy_agreement).toEqual({ mean: 0.5, min: 0, max: 1, n_pairs: 2 });
    expect(r.summary.relevant_agreement).toEqual({ mean: 0.25, min: 0, max: 0.5, n_pairs: 2 });
    // a constant pair leaves κ undefined: it is not averaged
    const constant = evalAgreement(read('item,annotator,label\nx,a,2\ny,a,2\nx,b,2\ny,b,2\n'), { threshold: 1 });
    expect(constant.summary.kappa_quadratic).toEqual({ mean: undefined, min: undefined, max: undefined, n_pairs: 0 });
    expect(constant.summary.fuzzy_agreement.mean).toBe(1);
  });

  it('evalAgreement(...).summary.fuzzy_agreement.mean is 1 for the @example', () => {
    expect(evalAgreement(read('item,annotator,label\nq,a,1\nq,b,2\nr,a,3\nr,b,3\n'), { threshold: 2 }).summary.fuzzy_agreement.mean).toBe(1);
  });
});

describe('runAgreement and annotationColumns', () => {
  it('runAgreement({text, fileName, columns, threshold}) gives the results of evalAgreement (the @example)', () => {
    const run = runAgreement({ text: TABLE, fileName: 'l.csv', columns: DEFAULT_ANNOTATION_COLUMNS, threshold: 2 });
    expect(run).toEqual({ ok: true, results: evalAgreement(read(TABLE), { threshold: 2 }) });
    expect(runAgreement({ text: 'item,annotator,label\nq,a,1\nq,b,1\n', fileName: 'l.csv', columns: DEFAULT_ANNOTATION_COLUMNS, threshold: 1 }).ok).toBe(true);
  });

  it('runAgreement returns a bad file as its file:line message', () => {
    expect(runAgreement({ text: 'item,annotator,label\nq,a,x\n', fileName: 'l.csv', columns: DEFAULT_ANNOTATION_COLUMNS, threshold: 1 })).toEqual({
      ok: false,
      error: 'l.csv:2: label "label" is not a finite number: "x"',
    });
  });

  it("annotationColumns('item,annotator,label\\nq,a,1\\n', 'l.csv') reads the header (the @example)", () => {
    expect(annotationColumns('item,annotator,label\nq,a,1\n', 'l.csv')).toEqual({ ok: true, columns: ['item', 'annotator', 'label'] });
  });
});

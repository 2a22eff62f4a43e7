/**
 * Label agreement (METRICS.md §11) against an independent scikit-learn reference
 * (scripts/reference/agreement.py: `cohen_kappa_score` with weights='quadratic', and unweighted on
 * the labels binarised at τ; fuzzy and relevant agreement with NumPy). The fixture keeps each
 * case's long table, so the comparison runs without the shared data; where
 * ../shared/external is present the tables are also derived again from the real files here — and
 * FERR's label_interaction.csv is read as it is, through the same parser `eval agreement` uses.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evalAgreement, type AgreementResults } from '../../../src/core/audit/eval/agreement.ts';
import { readAnnotations } from '../../../src/core/formats/annotations.ts';
import { readRecordTable } from '../../../src/core/formats/recordTable.ts';
import { sharedExternal } from '../../sharedExternal.ts';

type Row = [string, string, number];
interface FixtureCase {
  readonly name: string;
  readonly source: 'synthetic' | 'vacancy' | 'ferr_jd_resume';
  readonly rows: Row[];
  readonly expected: unknown;
}
const fixture = JSON.parse(readFileSync(new URL('../../fixtures/reference/agreement.json', import.meta.url), 'utf8')) as { cases: FixtureCase[] };

const VACANCY_TEST = 'the vacancy-resume-matching table is derived again from its annotation file';
const FERR_TESTS = ['evalAgreement(label_interaction.csv, --item-columns jd_id,resume_id) finds no annotator pair with a common item', 'readAnnotations(label_interaction.csv, --item-columns resume_id) rejects an HR user grading one resume twice'];
const vacancy = sharedExternal('vacancy-resume-matching', [`${VACANCY_TEST} (test/unit/core/reference-agreement.test.ts)`]);
const ferr = sharedExternal('ferr-hr-relevance-annotations', FERR_TESTS.map((t) => `${t} (test/unit/core/reference-agreement.test.ts)`));

/** A case's rows as a CSV long table (every cell quoted). */
function csvOf(rows: readonly Row[]): string {
  const q = (s: string | number) => `"${String(s).replaceAll('"', '""')}"`;
  return ['item,annotator,label', ...rows.map((r) => r.map(q).join(','))].join('\n') + '\n';
}

/** Core's results as JSON would print them: undefined → null. */
function asJson(results: AgreementResults): unknown {
  return JSON.parse(JSON.stringify(results, (_k, v: unknown) => (v === undefined ? null : v)));
}

/** Every number to 1e-9 (absolute), everything else equal. */
function expectClose(actual: unknown, expected: unknown, path = '$'): void {
  if (typeof expected === 'number') {
    expect(typeof actual, path).toBe('number');
    expect(Math.abs((actual as number) - expected), `${path}: ${String(actual)} vs ${expected}`).toBeLessThanOrEqual(1e-9);
  } else if (Array.isArray(expected)) {
    expect(Array.isArray(actual), path).toBe(true);
    expect((actual as unknown[]).length, `${path}.length`).toBe(expected.length);
    expected.forEach((e, i) => expectClose((actual as unknown[])[i], e, `${path}[${i}]`));
  } else if (expected !== null && typeof expected === 'object') {
    expect(Object.keys(actual as object).sort(), path).toEqual(Object.keys(expected).sort());
    for (const [k, e] of Object.entries(expected)) expectClose((actual as Record<string, unknown>)[k], e, `${path}.${k}`);
  } else {
    expect(actual, path).toBe(expected);
  }
}

const thresholdOf = (c: FixtureCase) => (c.expected as { threshold: number }).threshold;

describe('label agreement against scikit-learn (scripts/reference/agreement.py)', () => {
  it('the fixture holds the synthetic edge cases and the two real tables', () => {
    expect(fixture.cases.filter((c) => c.source === 'synthetic').length).toBeGreaterThanOrEqual(8);
    expect(fixture.cases.map((c) => c.source)).toEqual(expect.arrayContaining(['vacancy', 'ferr_jd_resume']));
  });

  for (const c of fixture.cases) {
    it(`evalAgreement(${c.name}) matches the reference to 1e-9`, () => {
      const results = evalAgreement(readAnnotations(readRecordTable(csvOf(c.rows), 'csv')), { threshold: thresholdOf(c) });
      expectClose(asJson(results), c.expected);
    });
  }
});

/** The vacancy table as the reference builds it (SOURCE.md): grade 5 − position, CVs where both arrays are permutations. */
function vacancyRows(text: string): Row[] {
  const arrays = ['ANNOTATOR_1_RANKINGS', 'ANNOTATOR_2_RANKINGS'].map((name) => {
    const body = new RegExp(`${name}\\s*=\\s*(\\[[\\s\\S]*?\\]\\])`).exec(text)![1].replace(/#[^\n]*/g, '');
    return JSON.parse(body) as number[][];
  });
  const rows: Row[] = [];
  for (let cv = 1; cv <= Math.min(...arrays.map((a) => a.length)); cv++) {
    const both = arrays.map((a) => a[cv - 1]);
    if (both.some((a) => [...a].sort().join() !== '1,2,3,4,5')) continue;
    both.forEach((a, n) => a.forEach((vacancy, position) => rows.push([`${cv}/${vacancy}`, `annotator_${n + 1}`, 5 - position])));
  }
  return rows;
}

describe('label agreement on the real files', () => {
  it.skipIf(vacancy.skip !== false)(VACANCY_TEST, () => {
    const text = readFileSync(vacancy.path('annotations-for-the-first-30-vacancies.txt'), 'utf8');
    const rows = vacancyRows(text);
    expect(rows).toEqual(fixture.cases.find((c) => c.source === 'vacancy')!.rows);
    expect(rows.length).toBe(19 * 5 * 2); // CVs 1–20 but 9 (annotator 1 repeats vacancy 1 there)
  });

  it.skipIf(ferr.skip !== false)(FERR_TESTS[0], () => {
    const table = readRecordTable(readFileSync(ferr.path('label_interaction.csv'), 'utf8'), 'csv');
    const results = evalAgreement(readAnnotations(table, { item: ['jd_id', 'resume_id'], annotator: 'hr_id', label: 'score' }), { threshold: 5 });
    expect([results.n_rows, results.n_annotators, results.n_annotator_pairs, results.pairs.length]).toEqual([463, 25, 300, 0]);
    expect(results.summary.kappa_quadratic).toEqual({ mean: undefined, min: undefined, max: undefined, n_pairs: 0 });
    expectClose(asJson(results), fixture.cases.find((c) => c.source === 'ferr_jd_resume')!.expected);
  });

  it.skipIf(ferr.skip !== false)(FERR_TESTS[1], () => {
    const table = readRecordTable(readFileSync(ferr.path('label_interaction.csv'), 'utf8'), 'csv');
    expect(() => readAnnotations(table, { item: ['resume_id'], annotator: 'hr_id', label: 'score' })).toThrow('annotator "3" grades item "11155153" twice (first on line 16)');
  });
});

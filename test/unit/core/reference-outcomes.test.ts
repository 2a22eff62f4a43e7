/**
 * The group-outcome audit (METRICS.md §10) against an independent NumPy/pandas reference
 * (scripts/reference/outcomes.py) and against the published callback rates of Bertrand &
 * Mullainathan (2004, AER 94(4), Table 1).
 *
 * Point estimates: computed by the reference from the data alone. CIs: seeded draws cannot be
 * reproduced across languages, so the reference recomputes every statistic on the SAME resample
 * index matrices that Fairground draws (scripts/reference/outcomesResamples.ts); the fixture keeps
 * each matrix's SHA-256 and this test first checks that it draws the same matrix again.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { auditOutcomes } from '../../../src/core/audit/outcomes/audit.ts';
import type { OutcomeNumber, OutcomesResults } from '../../../src/core/audit/outcomes/results.ts';
import { readDecisions } from '../../../src/core/formats/decisions.ts';
import { readRecordTable } from '../../../src/core/formats/recordTable.ts';
import { caseColumns, matrixSha256, resampleMatrix, unitCount, type OutcomesCase } from '../../../scripts/reference/outcomesCases.ts';
import { sharedExternal } from '../../sharedExternal.ts';

interface Reported {
  readonly mean: number | null;
  readonly ci: [number, number] | null;
}
interface ExpectedCategory {
  readonly category: string;
  readonly n: number;
  readonly selected: number;
  readonly small: boolean;
  readonly selection_rate: Reported;
  readonly impact_ratio: Reported;
  readonly true_positive_rate?: Reported;
  readonly false_positive_rate?: Reported;
}
interface ExpectedGrouping {
  readonly name: string;
  readonly categories: readonly ExpectedCategory[];
  readonly demographic_parity_difference: Reported;
  readonly demographic_parity_ratio: Reported;
  readonly equal_opportunity_difference?: Reported;
  readonly equalized_odds_difference?: Reported;
}
interface FixtureCase extends OutcomesCase {
  readonly matrix_sha256: string;
  readonly expected: { readonly n_rows: number; readonly n_units: number; readonly groupings: readonly ExpectedGrouping[]; readonly median?: Reported };
}

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/reference/outcomes.json', import.meta.url), 'utf8')) as { cases: FixtureCase[] };
const SYNTHETIC = new URL('../../fixtures/outcomes/callbacks-synthetic.csv', import.meta.url);
const PAPER_TEST = 'auditOutcomes on resume.csv reproduces the callback rates of Bertrand & Mullainathan (2004)';
const resumeTests = [PAPER_TEST, ...fixture.cases.filter((c) => c.data === 'resume').map((c) => `auditOutcomes(${c.name}) matches the NumPy reference`)];
const callbacks = sharedExternal('bertrand-mullainathan-callbacks', resumeTests.map((t) => `${t} (test/unit/core/reference-outcomes.test.ts)`));

const csvOf = (data: OutcomesCase['data']) => readFileSync(data === 'synthetic' ? SYNTHETIC : callbacks.path('resume.csv'), 'utf8');

function auditCase(c: OutcomesCase, csv: string): OutcomesResults {
  const decisions = readDecisions(readRecordTable(csv, 'csv'), caseColumns(c));
  return auditOutcomes(decisions, { cutoff: c.cutoff, excludeSmall: c.exclude_small }, { resamples: c.resamples, seed: c.seed });
}

/** A reported number against the reference's: the estimate and both CI ends to 1e-12; missing on both sides alike. */
function expectReported(actual: OutcomeNumber, expected: Reported, what: string): void {
  if (expected.mean === null) {
    expect(actual, what).toBeUndefined();
    return;
  }
  expect(typeof actual, what).toBe('object');
  const a = actual as { mean: number; ci: readonly [number, number] | undefined };
  expect(Math.abs(a.mean - expected.mean), `${what} mean ${a.mean} vs ${expected.mean}`).toBeLessThan(1e-12);
  if (expected.ci === null) {
    expect(a.ci, what).toBeUndefined();
    return;
  }
  expect(a.ci, what).toBeDefined();
  expect(Math.abs(a.ci![0] - expected.ci[0]), `${what} ci low ${a.ci![0]} vs ${expected.ci[0]}`).toBeLessThan(1e-12);
  expect(Math.abs(a.ci![1] - expected.ci[1]), `${what} ci high ${a.ci![1]} vs ${expected.ci[1]}`).toBeLessThan(1e-12);
}

describe('auditOutcomes against the NumPy reference (scripts/reference/outcomes.py)', () => {
  it('the fixture holds the synthetic cases and the resume.csv cases', () => {
    expect(fixture.cases.map((c) => c.name)).toEqual(['synthetic-jobs', 'synthetic-scoring-rate', 'synthetic-cutoff-exclude-small', 'resume-jobs', 'resume-candidates']);
  });

  for (const c of fixture.cases) {
    const skip = c.data === 'resume' && callbacks.skip !== false;
    it.skipIf(skip)(`auditOutcomes(${c.name}) matches the NumPy reference`, () => {
      const csv = csvOf(c.data);
      // The reference computed its CIs on this very resample matrix.
      expect(matrixSha256(resampleMatrix(unitCount(c, csv), c))).toBe(c.matrix_sha256);
      const results = auditCase(c, csv);
      expect(results.n_rows).toBe(c.expected.n_rows);
      expect(results.bootstrap?.n_units).toBe(c.expected.n_units);
      expect(results.bootstrap?.unit).toBe(c.job ? 'jobs' : 'candidates');
      expect(results.groupings.map((g) => g.name)).toEqual(c.expected.groupings.map((g) => g.name));
      if (c.expected.median) {
        expect(results.decision.kind).toBe('scoring-rate');
        if (results.decision.kind === 'scoring-rate') expectReported(results.decision.median, c.expected.median, 'median');
      }
      results.groupings.forEach((g, gi) => {
        const e = c.expected.groupings[gi];
        expect(g.categories.map((x) => [x.category, x.n, x.selected, x.small])).toEqual(e.categories.map((x) => [x.category, x.n, x.selected, x.small]));
        g.categories.forEach((cat, j) => {
          const ec = e.categories[j];
          expectReported(cat.selection_rate, ec.selection_rate, `${g.name}/${cat.category} selection_rate`);
          expectReported(cat.impact_ratio, ec.impact_ratio, `${g.name}/${cat.category} impact_ratio`);
          if (ec.true_positive_rate) expectReported(cat.true_positive_rate, ec.true_positive_rate, `${g.name}/${cat.category} tpr`);
          if (ec.false_positive_rate) expectReported(cat.false_positive_rate, ec.false_positive_rate, `${g.name}/${cat.category} fpr`);
        });
        expectReported(g.demographic_parity_difference, e.demographic_parity_difference, `${g.name} dpd`);
        expectReported(g.demographic_parity_ratio, e.demographic_parity_ratio, `${g.name} dpr`);
        if (e.equal_opportunity_difference) expectReported(g.equal_opportunity_difference, e.equal_opportunity_difference, `${g.name} eod`);
        if (e.equalized_odds_difference) expectReported(g.equalized_odds_difference, e.equalized_odds_difference, `${g.name} eodd`);
      });
    });
  }
});

describe('auditOutcomes on the Bertrand & Mullainathan (2004) callbacks', () => {
  it.skipIf(callbacks.skip !== false)(PAPER_TEST, () => {
    const decisions = readDecisions(readRecordTable(csvOf('resume'), 'csv'), { groups: ['race', 'gender'], selected: 'received_callback', job: 'job_ad_id' });
    const r = auditOutcomes(decisions);
    const rate = (grouping: string, category: string) => {
      const c = r.groupings.find((g) => g.name === grouping)!.categories.find((x) => x.category === category)!;
      return { n: c.n, selected: c.selected, rate: c.selection_rate as number, ratio: c.impact_ratio as number, flag: c.four_fifths };
    };
    expect(r.n_rows).toBe(4870);
    expect(r.n_jobs).toBe(1323);
    // Table 1 of the paper: white names 9.65%, African-American names 6.45%, ratio 1.50 (0.668 the other way).
    const white = rate('race', 'white');
    const black = rate('race', 'black');
    expect([white.n, white.selected, black.n, black.selected]).toEqual([2435, 235, 2435, 157]);
    expect(white.rate).toBe(235 / 2435);
    expect(black.rate).toBe(157 / 2435);
    expect(Number((100 * white.rate).toFixed(2))).toBe(9.65);
    expect(Number((100 * black.rate).toFixed(2))).toBe(6.45);
    expect(Number(black.ratio.toFixed(3))).toBe(0.668);
    expect(black.flag).toBe(true);
    expect(white.ratio).toBe(1);
    // By sex: female 9.89 vs 6.63, male 8.87 vs 5.83.
    const pct = (category: string) => Number((100 * rate('race × gender', category).rate).toFixed(2));
    expect([pct('white × f'), pct('black × f'), pct('white × m'), pct('black × m')]).toEqual([9.89, 6.63, 8.87, 5.83]);
    expect(r.groupings.find((g) => g.name === 'race')!.demographic_parity_difference).toBe(235 / 2435 - 157 / 2435);
    expect(r.warnings).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { auditOutcomes } from '../../../../../src/core/audit/outcomes/audit.ts';
import { rankSelections } from '../../../../../src/core/audit/outcomes/selectionRule.ts';
import { describeRule, ruleInformativeness } from '../../../../../src/core/audit/outcomes/informative.ts';
import { outcomesVerdicts } from '../../../../../src/core/audit/outcomes/verdict.ts';
import { readDecisions } from '../../../../../src/core/formats/decisions.ts';
import { readRecordTable } from '../../../../../src/core/formats/recordTable.ts';

describe('rankSelections(scores, jobs, rule)', () => {
  it('takes the k highest of each job, ties by row order', () => {
    expect(Array.from(rankSelections(Float64Array.of(3, 9, 5, 9), ['a', 'a', 'b', 'b'], { kind: 'top-k', k: 1 }))).toEqual([0, 1, 0, 1]);
    // job a: 7, 7, 7 — a tie of three; the first two rows by order win a shortlist of 2
    expect(Array.from(rankSelections(Float64Array.of(7, 7, 7, 1), ['a', 'a', 'a', 'b'], { kind: 'top-k', k: 2 }))).toEqual([1, 1, 0, 1]);
  });

  it('a shortlist longer than a job keeps all of it; without jobs one pool', () => {
    expect(Array.from(rankSelections(Float64Array.of(1, 2, 3), ['a', 'b', 'b'], { kind: 'top-k', k: 5 }))).toEqual([1, 1, 1]);
    expect(Array.from(rankSelections(Float64Array.of(1, 4, 3, 2), undefined, { kind: 'top-k', k: 2 }))).toEqual([0, 1, 1, 0]);
  });

  it('a selection rate takes ceil(share · n) of all rows, whatever the jobs', () => {
    // 5 rows at 30%: ceil(1.5) = 2 → the two highest, 9 and 8
    expect(Array.from(rankSelections(Float64Array.of(9, 1, 8, 2, 3), undefined, { kind: 'rate', share: 0.3 }))).toEqual([1, 0, 1, 0, 0]);
  });
});

// Worked by hand: jobs j1 (f 9, m 8, f 1) and j2 (m 7, m 6, f 5); shortlist of 1 per job.
const CSV = ['job,g,s', 'j1,f,9', 'j1,m,8', 'j1,f,1', 'j2,m,7', 'j2,m,6', 'j2,f,5'].join('\n') + '\n';
const decisions = () => readDecisions(readRecordTable(CSV, 'csv'), { groups: ['g'], score: 's', job: 'job' });

describe('auditOutcomes with a shortlist or a selection rate', () => {
  it('top 1 per job selects f (j1) and m (j2): f 1/3, m 1/3, impact ratio 1 for both', () => {
    const r = auditOutcomes(decisions(), { rule: { kind: 'top-k', k: 1 } });
    expect(r.decision).toEqual({ kind: 'top-k', column: 's', k: 1 });
    expect(r.groupings[0].categories.map((c) => [c.category, c.selected, c.n, c.impact_ratio])).toEqual([['f', 1, 3, 1], ['m', 1, 3, 1]]);
    expect(describeRule(r.decision)).toBe('the top 1 per job by s');
  });

  it('the top 50% of all rows (9, 8, 7) selects f 1/3 and m 2/3: f at half the rate of m, flagged', () => {
    const r = auditOutcomes(decisions(), { rule: { kind: 'rate', share: 0.5 } });
    const [f, m] = r.groupings[0].categories;
    expect([f.selected, m.selected, f.impact_ratio, m.impact_ratio, f.four_fifths, m.four_fifths]).toEqual([1, 2, 0.5, 1, true, false]);
    expect(describeRule(r.decision)).toBe('the 50% highest s');
    expect(ruleInformativeness(r).informative).toBe(true);
  });

  it('a cut-off below every score selects everyone: uninformative, and the verdict neither passes nor fails anyone', () => {
    const r = auditOutcomes(decisions(), { cutoff: 0 });
    const info = ruleInformativeness(r);
    expect(info).toEqual({ informative: false, reasons: ['s ≥ 0 selects every candidate of every g category'] });
    const v = outcomesVerdicts(r, {});
    expect(v).toHaveLength(1);
    expect(v[0].distinguishable).toBe(false);
    expect(v[0].text).not.toMatch(/\b(passes|fails)\b/u);
  });

  it('a cut-off above every score selects no one: uninformative as well', () => {
    expect(ruleInformativeness(auditOutcomes(decisions(), { cutoff: 100 })).reasons).toEqual(['s ≥ 100 selects no candidate of any g category']);
  });
});

describe('ruleInformativeness over several groupings', () => {
  it('names every grouping the rule selects whole in one reason', () => {
    const csv = ['g,h,s', 'a,x,5', 'b,y,6', 'a,y,7', 'b,x,8'].join('\n') + '\n';
    const r = auditOutcomes(readDecisions(readRecordTable(csv, 'csv'), { groups: ['g', 'h'], score: 's' }), { cutoff: 1 });
    expect(ruleInformativeness(r).reasons).toEqual(['s ≥ 1 selects every candidate of every g, h and g × h category']);
  });
});

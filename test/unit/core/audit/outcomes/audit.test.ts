import { describe, expect, it } from 'vitest';
import { auditOutcomes } from '../../../../../src/core/audit/outcomes/audit.ts';
import { countCategories } from '../../../../../src/core/audit/outcomes/categoryCounts.ts';
import { groupingsOf } from '../../../../../src/core/audit/outcomes/groupings.ts';
import { medianAt } from '../../../../../src/core/audit/outcomes/median.ts';
import { candidateUnits, jobUnits } from '../../../../../src/core/audit/outcomes/resampleUnits.ts';
import { selectionsOf } from '../../../../../src/core/audit/outcomes/selectionRule.ts';
import { runOutcomesAudit, decisionsColumns } from '../../../../../src/core/audit/outcomes/input.ts';
import type { OutcomeGrouping, OutcomeInterval } from '../../../../../src/core/audit/outcomes/results.ts';
import { readDecisions, type DecisionColumns } from '../../../../../src/core/formats/decisions.ts';
import { readRecordTable } from '../../../../../src/core/formats/recordTable.ts';

// Worked by hand below. sex: f = rows 1,2,3,7; m = rows 4,5,6,8. race: b = 1,2,6; w = 3,4,5,7,8.
const CSV = [
  'job,sex,race,y,label',
  'j1,f,b,1,1',
  'j1,f,b,0,1',
  'j2,f,w,1,0',
  'j2,m,w,1,1',
  'j3,m,w,0,0',
  'j3,m,b,0,1',
  'j3,f,w,1,1',
  'j4,m,w,1,0',
].join('\n');

const decisionsOf = (csv: string, columns: DecisionColumns) => readDecisions(readRecordTable(csv, 'csv'), columns);
const grouping = (groupings: readonly OutcomeGrouping[], name: string) => groupings.find((g) => g.name === name)!;

describe('auditOutcomes', () => {
  const r = auditOutcomes(decisionsOf(CSV, { groups: ['sex', 'race'], selected: 'y', label: 'label' }));

  it('auditOutcomes(decisions) reports each group column, then their intersection', () => {
    expect(r.groupings.map((g) => [g.name, g.intersectional])).toEqual([['sex', false], ['race', false], ['sex × race', true]]);
    expect(grouping(r.groupings, 'sex × race').categories.map((c) => c.category)).toEqual(['f × b', 'f × w', 'm × b', 'm × w']);
    expect(grouping(r.groupings, 'sex × race').categories[1].values).toEqual({ sex: 'f', race: 'w' });
  });

  it('auditOutcomes(decisions) gives selection rates, impact ratios against the highest rate, and the four-fifths flag', () => {
    const sex = grouping(r.groupings, 'sex');
    // f: y = 1,0,1,1 → 3/4; m: 1,0,0,1 → 2/4; IR(m) = 0.5 / 0.75
    expect(sex.categories.map((c) => [c.category, c.n, c.share, c.selected, c.selection_rate, c.impact_ratio, c.four_fifths])).toEqual([
      ['f', 4, 0.5, 3, 0.75, 1, false],
      ['m', 4, 0.5, 2, 0.5, 0.5 / 0.75, true],
    ]);
    expect(sex.highest).toBe('f');
    expect(sex.demographic_parity_difference).toBe(0.25);
    expect(sex.demographic_parity_ratio).toBe(0.5 / 0.75);
    // race: b 1/3, w 4/5
    const race = grouping(r.groupings, 'race');
    expect(race.categories.map((c) => c.impact_ratio)).toEqual([1 / 3 / (4 / 5), 1]);
    // intersection: f×b 1/2, f×w 1, m×b 0, m×w 2/3 → difference 1, ratio 0
    const cross = grouping(r.groupings, 'sex × race');
    expect(cross.categories.map((c) => c.selection_rate)).toEqual([0.5, 1, 0, 2 / 3]);
    expect([cross.highest, cross.demographic_parity_difference, cross.demographic_parity_ratio]).toEqual(['f × w', 1, 0]);
  });

  it('auditOutcomes(decisions with labels) gives TPR, FPR, the equal-opportunity and equalised-odds differences', () => {
    const sex = grouping(r.groupings, 'sex');
    // f: positives rows 1,2,7 → y 1,0,1 (TPR 2/3); negative row 3 → y 1 (FPR 1)
    // m: positives rows 4,6 → 1,0 (TPR 1/2); negatives rows 5,8 → 0,1 (FPR 1/2)
    expect(sex.categories.map((c) => [c.n_positive, c.true_positive_rate, c.n_negative, c.false_positive_rate])).toEqual([
      [3, 2 / 3, 1, 1],
      [2, 0.5, 2, 0.5],
    ]);
    expect(sex.equal_opportunity_difference).toBe(2 / 3 - 0.5);
    expect(sex.equalized_odds_difference).toBe(0.5);
  });

  it('auditOutcomes(decisions without labels) has no label numbers at all', () => {
    const plain = auditOutcomes(decisionsOf(CSV, { groups: ['sex'], selected: 'y' }));
    expect(plain.groupings).toHaveLength(1);
    expect(Object.keys(plain.groupings[0])).not.toContain('equal_opportunity_difference');
    expect(Object.keys(plain.groupings[0].categories[0])).not.toContain('true_positive_rate');
    expect([plain.label, plain.job, plain.n_jobs, plain.bootstrap]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('auditOutcomes(scores, { cutoff }) selects rows with score ≥ cutoff', () => {
    const csv = 'g,s\na,1\na,2\na,2\nb,2\nb,3\nb,4\n';
    const cut = auditOutcomes(decisionsOf(csv, { groups: ['g'], score: 's' }), { cutoff: 2 });
    expect(cut.decision).toEqual({ kind: 'cutoff', column: 's', cutoff: 2 });
    expect(cut.groupings[0].categories.map((c) => c.selection_rate)).toEqual([2 / 3, 1]);
  });

  it('auditOutcomes(scores) without a cut-off gives the LL144 scoring rate: strictly above the median of all rows', () => {
    // scores 1,2,2 | 2,3,4: median (2 + 2) / 2 = 2; only 3 and 4 are above it (ties at the median are not)
    const csv = 'g,s\na,1\na,2\na,2\nb,2\nb,3\nb,4\n';
    const rate = auditOutcomes(decisionsOf(csv, { groups: ['g'], score: 's' }));
    expect(rate.decision).toEqual({ kind: 'scoring-rate', column: 's', median: 2 });
    expect(rate.groupings[0].categories.map((c) => [c.selected, c.selection_rate])).toEqual([[0, 0], [2, 2 / 3]]);
    expect(rate.groupings[0].categories[0].impact_ratio).toBe(0);
  });

  it('auditOutcomes(decisions) flags categories under 2% and keeps them in the comparison unless excludeSmall', () => {
    const rows = ['g,y', ...Array.from({ length: 60 }, (_, i) => `big,${i % 2}`), 'tiny,1'];
    const csv = rows.join('\n');
    const kept = auditOutcomes(decisionsOf(csv, { groups: ['g'], selected: 'y' }));
    const [big, tiny] = kept.groupings[0].categories;
    expect([tiny.small, tiny.excluded, big.small]).toEqual([true, false, false]);
    expect(kept.groupings[0].highest).toBe('tiny');
    expect(big.impact_ratio).toBe(0.5);
    expect(kept.warnings).toEqual(['g "tiny": 1 of 61 rows (1.64% < 2%); NYC LL144 lets an auditor exclude it from the impact ratios']);
    const dropped = auditOutcomes(decisionsOf(csv, { groups: ['g'], selected: 'y' }), { excludeSmall: true });
    const [big2, tiny2] = dropped.groupings[0].categories;
    // One compared category is left: it is the highest, 1.0, and the excluded one is its rate over big's
    // (LL144's and Fairlearn's definition; issue 47 — issue 27 had left both undefined).
    expect([tiny2.excluded, tiny2.selection_rate, tiny2.impact_ratio, big2.impact_ratio]).toEqual([true, 1, 2, 1]);
    expect(dropped.groupings[0].highest).toBe('big');
    expect(dropped.groupings[0].demographic_parity_difference).toBeUndefined();
    expect(dropped.warnings).toEqual([
      'g "tiny": 1 of 61 rows (1.64% < 2%); NYC LL144 lets an auditor exclude it from the impact ratios (excluded here)',
      'g: fewer than two categories to compare; impact ratios against the one compared, no disparities',
    ]);
  });

  it('auditOutcomes(decisions) leaves a ratio undefined when the highest rate is 0', () => {
    const none = auditOutcomes(decisionsOf('g,y\na,0\nb,0\n', { groups: ['g'], selected: 'y' }));
    expect(none.groupings[0].categories.map((c) => [c.selection_rate, c.impact_ratio, c.four_fifths])).toEqual([[0, undefined, false], [0, undefined, false]]);
    expect([none.groupings[0].demographic_parity_difference, none.groupings[0].demographic_parity_ratio]).toEqual([0, undefined]);
  });

  it('auditOutcomes(decisions, options, ci) resamples jobs when there is a job column, candidates otherwise', () => {
    const byJob = auditOutcomes(decisionsOf(CSV, { groups: ['sex'], selected: 'y', job: 'job' }), {}, { resamples: 50, seed: 1 });
    expect(byJob.bootstrap).toEqual({ resamples: 50, seed: 1, level: 0.95, unit: 'jobs', n_units: 4 });
    expect(byJob.n_jobs).toBe(4);
    const byRow = auditOutcomes(decisionsOf(CSV, { groups: ['sex'], selected: 'y' }), {}, { resamples: 50, seed: 1 });
    expect(byRow.bootstrap).toMatchObject({ unit: 'candidates', n_units: 8 });
    const f = byRow.groupings[0].categories[0].selection_rate as OutcomeInterval;
    expect(f.mean).toBe(0.75);
    expect(f.ci![0]).toBeLessThanOrEqual(f.ci![1]);
    expect(f.ci![0]).toBeGreaterThanOrEqual(0);
    expect(f.ci![1]).toBeLessThanOrEqual(1);
  });

  it('auditOutcomes(decisions, options, ci) gives identical numbers for one seed and different ones for another', () => {
    const d = decisionsOf(CSV, { groups: ['sex', 'race'], selected: 'y', label: 'label' });
    const a = auditOutcomes(d, {}, { resamples: 200, seed: 5 });
    expect(auditOutcomes(d, {}, { resamples: 200, seed: 5 })).toEqual(a);
    expect(auditOutcomes(d, {}, { resamples: 200, seed: 6 })).not.toEqual(a);
  });

  it('auditOutcomes(decisions, options, ci) warns about a category missing from some resamples', () => {
    const csv = ['g,y', ...Array.from({ length: 9 }, (_, i) => `a,${i % 2}`), 'b,1'].join('\n');
    const r2 = auditOutcomes(decisionsOf(csv, { groups: ['g'], selected: 'y' }), {}, { resamples: 100, seed: 2 });
    expect(r2.warnings.some((w) => /^g "b": absent from \d+ of 100 resamples; its CIs use the other \d+$/.test(w))).toBe(true);
  });

  it('auditOutcomes throws a RangeError for a cut-off with a 0/1 selection', () => {
    expect(() => auditOutcomes(decisionsOf(CSV, { groups: ['sex'], selected: 'y' }), { cutoff: 1 })).toThrow(RangeError);
  });
});

describe('the pieces of the outcome audit', () => {
  it("groupingsOf(['sex', 'race'], values) lists each column, then the intersection (the @example)", () => {
    expect(groupingsOf(['sex', 'race'], [['f', 'm'], ['b', 'w']]).map((g) => g.name)).toEqual(['sex', 'race', 'sex × race']);
    expect(groupingsOf(['sex'], [['m', 'f', 'm']])[0]).toMatchObject({ categories: [['f'], ['m']], category: Uint32Array.of(1, 0, 1) });
  });

  it('countCategories(grouping, y, labels, rows) counts rows drawn twice twice', () => {
    const [g] = groupingsOf(['g'], [['a', 'b']]);
    expect([...countCategories(g, Uint8Array.of(1, 0), Uint8Array.of(1, 0), Uint32Array.of(0, 0, 1))]).toEqual([2, 2, 2, 2, 0, 0, 1, 0, 0, 0, 1, 0]);
  });

  it('medianAt(values, indices) is the middle value, or the mean of the two middle ones (the @example)', () => {
    expect(medianAt([5, 1, 3, 9], Uint32Array.of(0, 1, 2, 3))).toBe(4);
    expect(medianAt([5, 1, 3], Uint32Array.of(0, 0, 1))).toBe(5);
    expect(medianAt([1], new Uint32Array(0))).toBeNaN();
  });

  it('selectionsOf(decisions, scoring-rate) recomputes the median on each sample', () => {
    const d = decisionsOf('g,s\na,1\na,2\nb,3\n', { groups: ['g'], score: 's' });
    const select = selectionsOf(d, { kind: 'scoring-rate' });
    expect([...select(Uint32Array.of(0, 1, 2)).y]).toEqual([0, 0, 1]);
    expect(select(Uint32Array.of(0, 0, 1)).median).toBe(1);
    expect([...select(Uint32Array.of(0, 0, 1)).y]).toEqual([0, 1, 1]);
  });

  it("jobUnits(['a', 'b', 'a']).rowsOf([0, 0]) brings every row of the drawn job (the @example)", () => {
    expect([...jobUnits(['a', 'b', 'a']).rowsOf(Uint32Array.of(0, 0))]).toEqual([0, 2, 0, 2]);
    expect(jobUnits(['a', 'b', 'a']).count).toBe(2);
    expect([...candidateUnits(3).rowsOf(Uint32Array.of(2, 2, 0))]).toEqual([2, 2, 0]);
  });
});

describe('runOutcomesAudit and decisionsColumns', () => {
  it('runOutcomesAudit(request) audits the text of a file as the CLI does', () => {
    const run = runOutcomesAudit({ text: CSV, fileName: 'd.csv', columns: { groups: ['sex'], selected: 'y' } });
    expect(run.ok && run.results.groupings[0].categories.map((c) => c.selection_rate)).toEqual([0.75, 0.5]);
  });

  it('runOutcomesAudit(request) returns a bad input as its file:line message', () => {
    expect(runOutcomesAudit({ text: 'g,y\nf,2\n', fileName: 'd.csv', columns: { groups: ['g'], selected: 'y' } })).toEqual({ ok: false, error: 'd.csv:2: selection "y" must be 0 or 1, got "2"' });
    expect(runOutcomesAudit({ text: 'g,y\nf,1\n', fileName: 'd.csv', columns: { groups: ['g'], selected: 'y' }, options: { cutoff: 3 } })).toEqual({
      ok: false,
      error: 'a cut-off, a shortlist or a selection rate applies to a score column, not to a 0/1 selection',
    });
  });

  it("decisionsColumns('race,callback\\nwhite,1\\n', 'd.csv') reads the header alone (the @example)", () => {
    expect(decisionsColumns('race,callback\nwhite,1\n', 'd.csv')).toEqual({ ok: true, format: 'csv', columns: ['race', 'callback'] });
    expect(decisionsColumns('{"race":"w"}\n{"y":1}\n', 'd.jsonl')).toEqual({ ok: true, format: 'jsonl', columns: ['race', 'y'] });
    expect(decisionsColumns('a,a\n', 'd.csv')).toEqual({ ok: false, error: 'd.csv:1: the header names column "a" twice' });
  });
});

describe('the four-fifths rule is decided on the counts (issue 27)', () => {
  /** A table of `sel` selected of `n` rows per group, ids in order. */
  const table = (groups: Record<string, [number, number]>) =>
    'g,y\n' + Object.entries(groups).flatMap(([g, [sel, n]]) => Array.from({ length: n }, (_, i) => `${g},${i < sel ? 1 : 0}`)).join('\n') + '\n';

  it('16 of 50 against 40 of 100 is an impact ratio of exactly 4/5 and passes (the rule flags rates less than four-fifths)', () => {
    const r = auditOutcomes(decisionsOf(table({ top: [40, 100], g: [16, 50] }), { groups: ['g'], selected: 'y' }));
    const g = grouping(r.groupings, 'g').categories.find((c) => c.category === 'g')!;
    expect(16 / 50 / (40 / 100)).toBe(0.7999999999999999); // what division gives
    expect(g.impact_ratio).toBe(0.7999999999999999); // the printed ratio stays as it is
    expect(g.four_fifths).toBe(false);
  });
  it('15 of 50 against 40 of 100 (0.75) is flagged; 17 of 50 (0.85) is not', () => {
    const flagged = (sel: number) => grouping(auditOutcomes(decisionsOf(table({ top: [40, 100], g: [sel, 50] }), { groups: ['g'], selected: 'y' })).groupings, 'g').categories.find((c) => c.category === 'g')!.four_fifths;
    expect(flagged(15)).toBe(true);
    expect(flagged(17)).toBe(false);
  });
  it('a score with a cut-off: 16 of 50 scoring at or above it against 40 of 100 passes as well', () => {
    const rows = ['g,s', ...Array.from({ length: 100 }, (_, i) => `top,${i < 40 ? 80 : 20}`), ...Array.from({ length: 50 }, (_, i) => `g,${i < 16 ? 70 : 10}`)];
    const r = auditOutcomes(decisionsOf(rows.join('\n') + '\n', { groups: ['g'], score: 's' }), { cutoff: 50 });
    const g = grouping(r.groupings, 'g').categories.find((c) => c.category === 'g')!;
    expect(r.decision.kind).toBe('cutoff');
    expect([g.selected, g.n, g.impact_ratio, g.four_fifths]).toEqual([16, 50, 0.7999999999999999, false]);
  });
});

describe('--exclude-small leaving one compared category (issue 27)', () => {
  it('gives the compared category 1.0 and the excluded one its rate over the compared rate (issue 47)', () => {
    // 'tiny' is 1 of 100 rows (1% < 2%), so excluded; 'big' is left alone.
    const rows = ['g,y', ...Array.from({ length: 99 }, (_, i) => `big,${i % 2}`), 'tiny,0'];
    const r = auditOutcomes(decisionsOf(rows.join('\n') + '\n', { groups: ['g'], selected: 'y' }), { excludeSmall: true });
    const g = grouping(r.groupings, 'g');
    expect(r.warnings).toContain('g: fewer than two categories to compare; impact ratios against the one compared, no disparities');
    // big: 49 of 99 selected, compared alone → 1; tiny: 0 of 1 → 0 / (49/99) = 0, below four-fifths.
    expect(g.categories.map((c) => [c.category, c.impact_ratio, c.four_fifths])).toEqual([['big', 1, false], ['tiny', 0, true]]);
    expect(g.demographic_parity_difference).toBeUndefined();
    const kept = auditOutcomes(decisionsOf(rows.join('\n') + '\n', { groups: ['g'], selected: 'y' }));
    expect(grouping(kept.groupings, 'g').categories.find((c) => c.category === 'tiny')!.impact_ratio).toBe(0);
  });
});

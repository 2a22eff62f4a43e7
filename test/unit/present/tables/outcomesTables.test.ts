import { describe, expect, it } from 'vitest';
import { auditOutcomes } from '../../../../src/core/audit/outcomes/audit.ts';
import { readDecisions } from '../../../../src/core/formats/decisions.ts';
import { readRecordTable } from '../../../../src/core/formats/recordTable.ts';
import { fourFifthsLine, outcomesBarsSpec, outcomesCategoryTable, outcomesGapTable, rateLabel } from '../../../../src/present/tables/outcomesTables.ts';

const CSV = 'g,y,s,l\na,1,9,1\na,1,8,0\nb,1,7,1\nb,0,1,0\n';
const audit = (columns: Parameters<typeof readDecisions>[1], ci?: { resamples: number; seed: number }) => auditOutcomes(readDecisions(readRecordTable(CSV, 'csv'), columns), {}, ci);

describe('outcomesTables', () => {
  it('outcomesBarsSpec(results) draws core’s rates and flags, the four-fifths line at 0.8 × the highest rate', () => {
    const r = audit({ groups: ['g'], selected: 'y' });
    // a: 2/2, b: 1/2 → line at 0.8, b below it
    expect(fourFifthsLine(r.groupings[0])).toBe(0.8);
    expect(outcomesBarsSpec(r)).toEqual({
      xLabel: 'Selection rate',
      sections: [{ name: 'g', threshold: 0.8, bars: [
        { category: 'a', rate: 1, ci: null, belowFourFifths: false, small: false },
        { category: 'b', rate: 0.5, ci: null, belowFourFifths: true, small: false },
      ] }],
    });
  });

  it('rateLabel(results) says "Scoring rate" for a score without a cut-off', () => {
    expect(rateLabel(audit({ groups: ['g'], score: 's' }))).toBe('Scoring rate');
    expect(rateLabel(audit({ groups: ['g'], selected: 'y' }))).toBe('Selection rate');
  });

  it('outcomesCategoryTable(results) and outcomesGapTable(results) export every number with its CI bounds, label columns only with a label', () => {
    const r = audit({ groups: ['g'], selected: 'y', label: 'l' }, { resamples: 50, seed: 1 });
    const t = outcomesCategoryTable(r);
    expect(t.columns.slice(0, 8)).toEqual(['grouping', 'category', 'n', 'share', 'selected', 'selection_rate', 'selection_rate_ci_low', 'selection_rate_ci_high']);
    expect(t.columns).toContain('false_positive_rate_ci_high');
    expect(t.rows[1].slice(0, 5)).toEqual(['g', 'b', 2, 0.5, 1]);
    expect(t.rows[1][5]).toBe(0.5);
    expect(typeof t.rows[1][6]).toBe('number');
    const gaps = outcomesGapTable(r);
    expect(gaps.columns).toEqual([
      'grouping', 'highest',
      'demographic_parity_difference', 'demographic_parity_difference_ci_low', 'demographic_parity_difference_ci_high',
      'demographic_parity_ratio', 'demographic_parity_ratio_ci_low', 'demographic_parity_ratio_ci_high',
      'equal_opportunity_difference', 'equal_opportunity_difference_ci_low', 'equal_opportunity_difference_ci_high',
      'equalized_odds_difference', 'equalized_odds_difference_ci_low', 'equalized_odds_difference_ci_high',
    ]);
    expect(gaps.rows[0].slice(0, 3)).toEqual(['g', 'a', 0.5]);
    expect(outcomesCategoryTable(audit({ groups: ['g'], selected: 'y' })).columns).not.toContain('n_positive');
  });
});

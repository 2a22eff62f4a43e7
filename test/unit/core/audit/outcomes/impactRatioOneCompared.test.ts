/**
 * The impact ratio when one category of a grouping is compared and the others are excluded as
 * small (issue 47): NYC LL144 divides each category's rate by the highest compared rate, and
 * Fairlearn's ratio to the max does the same, so the compared category's ratio is 1.0 and an
 * excluded one's is its rate over the compared one's. Worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { auditOutcomes } from '../../../../../src/core/audit/outcomes/audit.ts';
import { groupingStatistics, groupingVectorLength } from '../../../../../src/core/audit/outcomes/groupingStatistics.ts';
import { readDecisions } from '../../../../../src/core/formats/decisions.ts';
import { readRecordTable } from '../../../../../src/core/formats/recordTable.ts';

/** Counts of one category: n, selected, and no labels. */
const counts = (...cats: [number, number][]) => Float64Array.from(cats.flatMap(([n, sel]) => [n, sel, 0, 0, 0, 0]));

describe('groupingStatistics: one compared category', () => {
  it('groupingStatistics(counts, [true, false, false], out) gives the compared category 1 and the excluded ones their rate over its rate', () => {
    // big: 60 of 96 (0.625); small1: 1 of 2 (0.5); small2: 0 of 2. Only big is compared.
    const out = new Float64Array(groupingVectorLength(3));
    groupingStatistics(counts([96, 60], [2, 1], [2, 0]), [true, false, false], out);
    // rate, impact ratio per category (4 numbers each)
    expect([out[0], out[1]]).toEqual([0.625, 1]);
    expect([out[4], out[5]]).toEqual([0.5, 0.5 / 0.625]); // 0.8
    expect([out[8], out[9]]).toEqual([0, 0]);
    // disparities still need two compared categories
    expect(Number.isNaN(out[12]) && Number.isNaN(out[13])).toBe(true);
  });

  it('gives no impact ratio when the one compared category selects no one (0 / 0)', () => {
    const out = new Float64Array(groupingVectorLength(2));
    groupingStatistics(counts([98, 0], [2, 1]), [true, false], out);
    expect(Number.isNaN(out[1]) && Number.isNaN(out[5])).toBe(true);
  });
});

describe('auditOutcomes({ excludeSmall: true }) with one compared category', () => {
  it('reports the compared category at 1.0 and the excluded one at its rate ÷ the compared rate', () => {
    // big: 99 rows, y = i % 2 → 49 of 99 selected; tiny: 1 of 100 rows (1% < 2%), selected → 1/1.
    const rows = ['g,y', ...Array.from({ length: 99 }, (_, i) => `big,${i % 2}`), 'tiny,1'];
    const r = auditOutcomes(readDecisions(readRecordTable(rows.join('\n') + '\n', 'csv'), { groups: ['g'], selected: 'y' }), { excludeSmall: true });
    const [big, tiny] = r.groupings[0].categories;
    expect([big.category, big.excluded, big.impact_ratio]).toEqual(['big', false, 1]);
    expect([tiny.category, tiny.excluded, tiny.impact_ratio]).toEqual(['tiny', true, 1 / (49 / 99)]);
  });
});

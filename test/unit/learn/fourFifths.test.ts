import { describe, expect, it } from 'vitest';
import { CANDIDATES, START_CUTOFF, categoryRows, countComparison, decisionsOf, fourFifthsResult, selectedIds } from '../../../src/app/learn/lessons/fourFifthsExample.ts';

// Scores by hand — women: 88 74 66 61 58 55 49 44 40 31; men: 91 83 77 69 67 59 52 47 38 35.
const row = (cutoff: number | 'scoring-rate', category: string) => {
  const rows = categoryRows(fourFifthsResult(cutoff === 'scoring-rate' ? { kind: 'scoring-rate' } : { kind: 'cutoff', cutoff }));
  return rows.find((r) => r.category === category)!;
};

describe('four-fifths lesson', () => {
  it('the example has ten women and ten men, and its decisions table has one group column and a score', () => {
    expect(CANDIDATES.filter((c) => c.gender === 'women')).toHaveLength(10);
    expect(CANDIDATES.filter((c) => c.gender === 'men')).toHaveLength(10);
    const d = decisionsOf(CANDIDATES);
    expect(d.groupColumns).toEqual(['gender']);
    expect(d.decision.kind).toBe('score');
  });

  it('at the starting cut-off 60: women 4 of 10 (88 74 66 61), men 5 of 10 (91 83 77 69 67); impact ratio exactly 0.4 / 0.5 = 0.8, which passes', () => {
    expect(START_CUTOFF).toBe(60);
    expect(row(60, 'women')).toEqual({ category: 'women', n: 10, selected: 4, rate: 0.4, impactRatio: 0.8, belowFourFifths: false });
    expect(row(60, 'men')).toEqual({ category: 'men', n: 10, selected: 5, rate: 0.5, impactRatio: 1, belowFourFifths: false });
    // 5 · 4 · 10 = 200 is not less than 4 · 5 · 10 = 200.
    const c = countComparison(fourFifthsResult({ kind: 'cutoff', cutoff: 60 }))!;
    expect([c.low.category, c.top.category, c.left, c.right]).toEqual(['women', 'men', 200, 200]);
    expect([...selectedIds({ kind: 'cutoff', cutoff: 60 })].sort()).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'w1', 'w2', 'w3', 'w4']);
  });

  it('one step up, cut-off 65: women 3 of 10 (61 drops out), men still 5; impact ratio 0.3 / 0.5 = 0.6, below four-fifths (150 < 200)', () => {
    expect(row(65, 'women')).toEqual({ category: 'women', n: 10, selected: 3, rate: 0.3, impactRatio: 0.6, belowFourFifths: true });
    expect(row(65, 'men').selected).toBe(5);
    const c = countComparison(fourFifthsResult({ kind: 'cutoff', cutoff: 65 }))!;
    expect([c.left, c.right]).toEqual([5 * 3 * 10, 4 * 5 * 10]);
  });

  it('at cut-off 55 both groups have 6 of 10: equal rates, impact ratio 1, no comparison to write out', () => {
    expect(row(55, 'women').impactRatio).toBe(1);
    expect(row(55, 'men').impactRatio).toBe(1);
    expect(countComparison(fourFifthsResult({ kind: 'cutoff', cutoff: 55 }))).toBeUndefined();
  });

  it('the scoring rate: the median of all 20 is (58 + 59) / 2 = 58.5; above it women 4 (58 is not), men 6 (59 is); 0.4 / 0.6 = 2/3, below four-fifths', () => {
    const r = fourFifthsResult({ kind: 'scoring-rate' });
    expect(r.decision).toMatchObject({ kind: 'scoring-rate', median: 58.5 });
    expect(row('scoring-rate', 'women')).toEqual({ category: 'women', n: 10, selected: 4, rate: 0.4, impactRatio: 0.4 / 0.6, belowFourFifths: true });
    expect(row('scoring-rate', 'men')).toMatchObject({ selected: 6, rate: 0.6, impactRatio: 1 });
    expect(selectedIds({ kind: 'scoring-rate' }).has('m6')).toBe(true); // 59 > 58.5
    expect(selectedIds({ kind: 'scoring-rate' }).has('w5')).toBe(false); // 58 < 58.5
  });
});

import { describe, expect, it } from 'vitest';
import { DIRECTION_K, directionResult } from '../../../src/app/learn/lessons/directionExample.ts';

// The six pairs' differences s(F) − s(M) without a bonus: −1, +2, +1, −2, +1, −1. Mean 0; the sum of
// squares 12, so the sample SD is √(12/5). A bonus b for the male version subtracts b from each.
const SD = Math.sqrt(12 / 5);
/** Haldane–Anscombe OddsRatio by hand. */
const or = (nF: number, nM: number, n: number) => ((nF + 0.5) / (n - nF + 0.5)) / ((nM + 0.5) / (n - nM + 0.5));

describe('Cohen’s d and OddsRatio@k lesson', () => {
  it('with no bonus the pairs lean neither way: d = 0; F and M both in the top 5 in 3 of 6 pairs, OR@5 = 1', () => {
    const r = directionResult(0);
    expect(DIRECTION_K).toBe(5);
    expect(r.pairs.map((p) => p.scoreF - p.scoreM)).toEqual([-1, 2, 1, -2, 1, -1]);
    expect(r.cohensD).toBe(0);
    expect([r.n, r.topFirst, r.topSecond]).toEqual([6, 3, 3]);
    expect(r.oddsRatio).toBe(1);
    // Pool 90 86 84 80 78 75 72 70 66 60: p03's female twin (86) ties p02 (86) and ranks above it, p03 > p02.
    expect(r.pairs.find((p) => p.id === 'p03')).toEqual({ id: 'p03', scoreF: 86, scoreM: 84, rankF: 2, rankM: 3 });
  });

  it('one point for the male version: d = −1 / √(12/5) = −0.645; nobody crosses rank 5, so OR@5 stays 1 (the e2e primary control)', () => {
    const r = directionResult(1);
    expect(r.cohensD).toBeCloseTo(-1 / SD, 12);
    expect(r.cohensD).toBeCloseTo(-0.6455, 4);
    expect(r.oddsRatio).toBe(1);
  });

  it('three points: d = −3 / √(12/5); p06’s male profile (78) passes p05 (78, smaller id) into rank 5 and pushes p05’s female profile to 6: n_F 2, n_M 4, OR@5 = (2.5/4.5)/(4.5/2.5) = 25/81', () => {
    const r = directionResult(3);
    expect(r.cohensD).toBeCloseTo(-3 / SD, 12);
    expect([r.topFirst, r.topSecond]).toEqual([2, 4]);
    expect(r.oddsRatio).toBeCloseTo(or(2, 4, 6), 12);
    expect(r.oddsRatio).toBeCloseTo(25 / 81, 12);
    expect(r.pairs.find((p) => p.id === 'p05')).toMatchObject({ rankF: 6, rankM: 4 });
    expect(r.pairs.find((p) => p.id === 'p06')).toMatchObject({ rankM: 5 });
  });

  it('a bonus for the female version turns the sign of d', () => {
    expect(directionResult(-1).cohensD).toBeCloseTo(1 / SD, 12);
  });
});

import { describe, expect, it } from 'vitest';
import { klDivergence, ndkl } from '../../../../src/core/metrics/groupFairness/index.ts';
import { HAND } from './example.ts';

describe('NDKL (Geyik, Ambler & Kenthapadi 2019, eq. 4)', () => {
  it('klDivergence is Σ p ln(p/q) with 0·ln 0 = 0, +Infinity where q is 0 and p is not', () => {
    expect(klDivergence([0.5, 0.5], [0.25, 0.75])).toBeCloseTo(0.5 * Math.LN2 + 0.5 * Math.log(2 / 3), 15);
    expect(klDivergence([1, 0], [0.5, 0.5])).toBe(Math.LN2);
    expect(klDivergence([0.5, 0.5], [1, 0])).toBe(Infinity);
  });

  it('ndkl of the worked example (f, m, f, m against ½, ½) is 0.28164…', () => {
    expect(ndkl(Uint16Array.of(0, 1, 0, 1), Float64Array.of(0.5, 0.5))).toBeCloseTo(HAND.ndkl, 15);
  });

  it('ndkl runs its @example: f, m against ½, ½ gives ln 2 / (1 + 1/log2 3)', () => {
    expect(ndkl(Uint16Array.of(0, 1), Float64Array.of(0.5, 0.5))).toBeCloseTo(Math.LN2 / (1 + 1 / Math.log2(3)), 15);
  });

  it('ndkl is undefined for an empty L and when a group of L has target share 0', () => {
    expect(ndkl(Uint16Array.of(), Float64Array.of(0.5, 0.5))).toBeUndefined();
    expect(ndkl(Uint16Array.of(0, 1), Float64Array.of(1, 0))).toBeUndefined();
    expect(ndkl(Uint16Array.of(0, 0), Float64Array.of(1, 0))).toBe(0);
  });
});

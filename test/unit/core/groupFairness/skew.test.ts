import { describe, expect, it } from 'vitest';
import { pooledSkew, skewRange, topSlots } from '../../../../src/core/metrics/groupFairness/index.ts';

describe('Skew@k (Geyik, Ambler & Kenthapadi 2019), pooled', () => {
  it('topSlots counts each group in the top k of L and min(k, |L|) (its @example; a short L)', () => {
    const slots = topSlots(Uint16Array.of(0, 1, 1), 2, 2);
    expect([slots.k, Array.from(slots.counts), slots.size]).toEqual([2, [1, 1], 2]);
    expect(topSlots(Uint16Array.of(1), 2, 10).size).toBe(1);
  });

  it('pooledSkew is ln(p_g / t̄_g): the worked example\'s two queries hold 1 and 3 of 4 slots against ½ each → ln 0.5, ln 1.5', () => {
    const skew = pooledSkew(Float64Array.of(1, 3), 4, Float64Array.of(1, 1), 2);
    expect(skew[0]).toBeCloseTo(Math.log(0.5), 15);
    expect(skew[1]).toBeCloseTo(Math.log(1.5), 15);
    expect(Array.from(pooledSkew(Float64Array.of(3, 1), 4, Float64Array.of(1, 1), 2))).toEqual([Math.log(1.5), Math.log(0.5)]);
  });

  it('pooledSkew marks a group holding no slot, or with t̄_g = 0, as NaN (absent: never −∞ or +∞)', () => {
    const skew = pooledSkew(Float64Array.of(4, 0, 2), 6, Float64Array.of(1, 1, 0), 2);
    expect(Number.isNaN(skew[1])).toBe(true);
    expect(Number.isNaN(skew[2])).toBe(true);
    expect(skew[0]).toBeCloseTo(Math.log(4 / 6 / 0.5), 15);
  });

  it('skewRange is [MinSkew, MaxSkew] over the numbers, NaN left out; [NaN, NaN] when there is none', () => {
    expect(skewRange(Float64Array.of(0.4, NaN, -0.7))).toEqual([-0.7, 0.4]);
    expect(skewRange(Float64Array.of(NaN))).toEqual([NaN, NaN]);
  });
});

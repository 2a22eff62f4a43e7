import { describe, expect, it } from 'vitest';
import { percentile } from '../../../../src/core/stats/percentile.ts';

describe('percentile', () => {
  it('percentile(sorted, p) interpolates linearly between order statistics as numpy does', () => {
    // h = (n−1)·p/100 on [1, 2, 3, 4]: p=50 → h=1.5 → 2.5; p=25 → h=0.75 → 1.75; p=90 → h=2.7 → 3.7
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([1, 2, 3, 4], 25)).toBe(1.75);
    expect(percentile([1, 2, 3, 4], 90)).toBeCloseTo(3.7, 12);
    expect(percentile([10, 20], 2.5)).toBeCloseTo(10.25, 12);
  });

  it('percentile(sorted, 0) and percentile(sorted, 100) return the minimum and maximum', () => {
    expect(percentile([-3, 0, 8], 0)).toBe(-3);
    expect(percentile([-3, 0, 8], 100)).toBe(8);
  });

  it('percentile([x], p) returns x and percentile([], p) returns NaN', () => {
    expect(percentile([7], 37)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('percentile(sorted, p) throws a RangeError for p outside [0, 100] or NaN', () => {
    expect(() => percentile([1], -1)).toThrow(RangeError);
    expect(() => percentile([1], 100.5)).toThrow(RangeError);
    expect(() => percentile([1], NaN)).toThrow(RangeError);
  });
});

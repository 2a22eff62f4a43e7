import { describe, expect, it } from 'vitest';
import { vectorInterval } from '../../../../src/core/stats/vectorInterval.ts';

describe('vectorInterval', () => {
  it('vectorInterval(estimate, values, drawn, level) gives each entry the percentile interval of its non-NaN resample values (the @example)', () => {
    // entry 0 over the three resamples: 3, 1, 2 → sorted 1, 2, 3; the 25th percentile is 1.5 and the 75th 2.5 (numpy linear).
    // entry 1: 5 only (NaN in resamples 0 and 2).
    const v = vectorInterval(Float64Array.of(2, 5), Float64Array.of(3, NaN, 1, 5, 2, NaN), 3, 0.5);
    expect([...v.estimate]).toEqual([2, 5]);
    expect(v.ci).toEqual([
      [1.5, 2.5],
      [5, 5],
    ]);
    expect([...v.defined]).toEqual([3, 1]);
  });

  it('vectorInterval reads only the first `drawn` resamples', () => {
    const v = vectorInterval(Float64Array.of(0), Float64Array.of(4, 8, 100), 2, 0.5);
    // 4, 8: h = 0.25 → 4 + 0.25·4 = 5; h = 0.75 → 8 − 0.25·4 = 7.
    expect(v.ci).toEqual([[5, 7]]);
    expect([...v.defined]).toEqual([2]);
  });

  it('vectorInterval gives [NaN, NaN] and 0 defined when nothing was drawn', () => {
    const v = vectorInterval(Float64Array.of(1, 2), new Float64Array(0), 0, 0.95);
    expect(v.ci).toEqual([
      [NaN, NaN],
      [NaN, NaN],
    ]);
    expect([...v.defined]).toEqual([0, 0]);
  });
});

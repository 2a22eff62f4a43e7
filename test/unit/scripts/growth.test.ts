import { describe, expect, it } from 'vitest';
import { growthExponent } from '../../../scripts/bench/lib/growth.ts';

describe('growthExponent (the scale benches)', () => {
  it('is the slope of log y on log n: 1 for linear, 2 for quadratic, 0.5 for square-root growth', () => {
    expect(growthExponent([[1e3, 2], [1e4, 20], [1e5, 200]])).toBeCloseTo(1, 12);
    expect(growthExponent([[1e3, 1], [1e4, 100]])).toBeCloseTo(2, 12);
    expect(growthExponent([[100, 10], [10_000, 100]])).toBeCloseTo(0.5, 12);
  });
  it('leaves out points with y ≤ 0 and is NaN with fewer than two points', () => {
    expect(growthExponent([[1e3, 0], [1e4, 5], [1e5, 50]])).toBeCloseTo(1, 12);
    expect(growthExponent([[1e3, 5]])).toBeNaN();
  });
});

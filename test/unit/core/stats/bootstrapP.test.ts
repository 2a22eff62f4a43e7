import { describe, expect, it } from 'vitest';
import { bootstrapP } from '../../../../src/core/stats/bootstrapP.ts';
import { ciExcludes } from '../../../../src/core/stats/ciExcludes.ts';

describe('bootstrapP(resampled)', () => {
  it('bootstrapP([-1, 1, 2, 3]) is 2 · 1/4 = 0.5 (the @example)', () => {
    expect(bootstrapP([-1, 1, 2, 3])).toBe(0.5);
  });
  it('bootstrapP(θ*) is 1 when θ* is 0 everywhere, 0 when never ≤ 0, capped at 1, NaN without resamples', () => {
    expect(bootstrapP([0, 0, 0])).toBe(1);
    expect(bootstrapP([0.1, 2])).toBe(0);
    expect(bootstrapP([-1, 0, 1])).toBe(1); // 2 · min(2, 2)/3 capped
    expect(bootstrapP([])).toBeNaN();
  });
});

describe('ciExcludes(ci, value)', () => {
  it('ciExcludes([0.55, 0.7], 0.5) is true (the @example)', () => {
    expect(ciExcludes([0.55, 0.7], 0.5)).toBe(true);
  });
  it('ciExcludes(ci, value) is true only when the value lies strictly outside a finite interval', () => {
    expect(ciExcludes([-0.3, -0.1], 0)).toBe(true);
    expect(ciExcludes([0.5, 0.7], 0.5)).toBe(false); // on the bound: not excluded
    expect(ciExcludes([0.4, 0.6], 0.5)).toBe(false);
    expect(ciExcludes([NaN, NaN], 0.5)).toBe(false); // no CI (B = 0)
    expect(ciExcludes([0.3, 0.9], 1)).toBe(true); // an odds ratio against 1
  });
});

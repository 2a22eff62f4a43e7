import { describe, expect, it } from 'vitest';
import { binaryKappa, cohenKappa, fuzzyAgreement, relevantAgreement } from '../../../../src/core/metrics/agreement.ts';

describe('cohenKappa', () => {
  it("cohenKappa([1, 2, 3, 3], [1, 2, 3, 2], 'quadratic') is 0.8 (the @example)", () => {
    // categories 1, 2, 3 (k = 3), w = (i − j)²/4; observed Σ w·O = (1/4)/4; expected Σ w·r·c / n² = 5/16
    expect(cohenKappa([1, 2, 3, 3], [1, 2, 3, 2], 'quadratic')).toBeCloseTo(0.8, 15);
  });

  it("cohenKappa(a, b, 'none') is (p_o − p_e)/(1 − p_e): 7/11 for p_o = 3/4, p_e = 5/16", () => {
    expect(cohenKappa([1, 2, 3, 3], [1, 2, 3, 2], 'none')).toBeCloseTo(7 / 11, 15);
  });

  it('cohenKappa(a, a) is 1 and a reversed scale gives −1 with quadratic weights', () => {
    expect(cohenKappa([0, 1, 2, 3], [0, 1, 2, 3], 'quadratic')).toBe(1);
    expect(cohenKappa([0, 1, 2, 3], [3, 2, 1, 0], 'quadratic')).toBeCloseTo(-1, 15);
  });

  it('cohenKappa weighs by position among the categories both use, not by value', () => {
    // 1, 2, 10 are three consecutive categories: same κ as 1, 2, 3
    expect(cohenKappa([1, 2, 10, 10], [1, 2, 10, 2], 'quadratic')).toBeCloseTo(0.8, 15);
  });

  it('cohenKappa returns undefined without items and when both annotators give one label throughout', () => {
    expect(cohenKappa([], [], 'quadratic')).toBeUndefined();
    expect(cohenKappa([2, 2], [2, 2], 'quadratic')).toBeUndefined();
    expect(cohenKappa([2, 2], [2, 2], 'none')).toBeUndefined();
  });

  it('cohenKappa throws a RangeError when the arrays differ in length', () => {
    expect(() => cohenKappa([1], [1, 2], 'none')).toThrow(RangeError);
  });
});

describe('binaryKappa, fuzzyAgreement, relevantAgreement', () => {
  it('binaryKappa([1, 3, 4, 2], [2, 3, 1, 1], 3) is 0.5 (sides 0110 and 0100: p_o = 3/4, p_e = 1/2)', () => {
    expect(binaryKappa([1, 3, 4, 2], [2, 3, 1, 1], 3)).toBeCloseTo(0.5, 15);
  });

  it('binaryKappa is undefined when every grade of both lies on one side of τ', () => {
    expect(binaryKappa([3, 4], [5, 3], 3)).toBeUndefined();
  });

  it('fuzzyAgreement([1, 2, 5], [2, 2, 3]) is 2/3 (differences 1, 0, 2)', () => {
    expect(fuzzyAgreement([1, 2, 5], [2, 2, 3])).toBeCloseTo(2 / 3, 15);
  });

  it('relevantAgreement([1, 3, 4, 2], [2, 3, 1, 1], 3) is 0.75 (τ itself counts as relevant)', () => {
    expect(relevantAgreement([1, 3, 4, 2], [2, 3, 1, 1], 3)).toBe(0.75);
  });

  it('fuzzyAgreement and relevantAgreement are undefined without items', () => {
    expect(fuzzyAgreement([], [])).toBeUndefined();
    expect(relevantAgreement([], [], 1)).toBeUndefined();
  });
});

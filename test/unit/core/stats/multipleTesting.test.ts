import { describe, expect, it } from 'vitest';
import { benjaminiHochberg } from '../../../../src/core/stats/multipleTesting.ts';
import { createRng } from '../../../../src/core/stats/rng.ts';

describe('benjaminiHochberg', () => {
  it('benjaminiHochberg(p) returns step-up q-values in input order', () => {
    // sorted .01 .03 .04 → m·p/i = .03 .045 .04 → running min from the top: .03 .04 .04
    const q = benjaminiHochberg([0.01, 0.04, 0.03]);
    expect(q[0]).toBeCloseTo(0.03, 15);
    expect(q[1]).toBeCloseTo(0.04, 15);
    expect(q[2]).toBeCloseTo(0.04, 15);
  });

  it('benjaminiHochberg keeps q ≤ 1 and q ≥ p', () => {
    const q = benjaminiHochberg([1, 0.8, 0.99]);
    q.forEach((v) => expect(v).toBeLessThanOrEqual(1));
    // sorted .8 .99 1 → m·p/i = 2.4, 1.485, 1 → running min from the top: 1, 1, 1
    expect(q).toEqual([1, 1, 1]);
  });

  it('benjaminiHochberg is monotone: a smaller p never gets a larger q', () => {
    const rng = createRng(17);
    const p = Array.from({ length: 50 }, () => rng.next() * 0.3);
    const q = benjaminiHochberg(p);
    for (let i = 0; i < p.length; i++) {
      expect(q[i]).toBeGreaterThanOrEqual(p[i]);
      for (let j = 0; j < p.length; j++) if (p[i] < p[j]) expect(q[i]).toBeLessThanOrEqual(q[j]);
    }
  });

  it('benjaminiHochberg leaves NaN p-values NaN and out of the family size m', () => {
    // m = 2: .02·2/1 = .04, .04·2/2 = .04
    const q = benjaminiHochberg([0.02, NaN, 0.04]);
    expect(q[0]).toBeCloseTo(0.04, 15);
    expect(q[1]).toBeNaN();
    expect(q[2]).toBeCloseTo(0.04, 15);
  });

  it('benjaminiHochberg([]) returns [] and throws a RangeError for p outside [0, 1]', () => {
    expect(benjaminiHochberg([])).toEqual([]);
    expect(() => benjaminiHochberg([0.5, 1.2])).toThrow(RangeError);
    expect(() => benjaminiHochberg([-0.1])).toThrow(RangeError);
  });
});

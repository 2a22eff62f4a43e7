import { describe, expect, it } from 'vitest';
import { fitLogistic, logisticProbability, sigmoid } from '../../../../src/core/stats/logistic.ts';

/**
 * Reference fits written by scripts/reference/logistic.py
 * (/usr/bin/python3 scripts/reference/logistic.py, numpy 1.24, scipy 1.10,
 * scikit-learn 1.2.1): 'sklearn' = LogisticRegression(C = 1/ridge,
 * solver='newton-cg', tol=1e-12); 'scipy' = BFGS on the penalised negative
 * log-likelihood written out in the script (the separable case).
 */
const CASES: { name: string; via: string; ridge: number; x: number[]; y: number[]; a: number; b: number }[] = [
  {
    name: 'cosine-like n=40 ridge=1.0',
    via: 'sklearn',
    ridge: 1.0,
    x: [0.8973,  0.2234,  0.5773,  0.2871,  0.2862,  0.3304,  0.4235,  0.8137,  0.3917,  0.2972,  0.5847,  0.7687,  0.6478,  0.2695,  0.4654,  0.7099,  0.7511,  0.2931,  0.8476,  0.5368,  0.4237,  0.2684,  0.2021,  0.2416,  0.3246,  0.2969,  0.6244,  0.6446,  0.676,  0.2688,  0.5142,  0.8397,  0.5169,  0.6557,  0.3393,  0.6818,  0.5295,  0.3497,  0.5158,  0.8719],
    y: [1,  0,  0,  0,  0,  0,  0,  1,  0,  0,  0,  1,  1,  0,  0,  1,  1,  0,  1,  0,  0,  0,  0,  0,  0,  0,  0,  0,  1,  0,  0,  1,  1,  1,  0,  0,  1,  0,  0,  1],
    a: 2.160068458591365,
    b: -1.8543131425243617,
  },
  {
    name: 'cosine-like n=40 ridge=1e-06',
    via: 'sklearn',
    ridge: 1e-06,
    x: [0.8973,  0.2234,  0.5773,  0.2871,  0.2862,  0.3304,  0.4235,  0.8137,  0.3917,  0.2972,  0.5847,  0.7687,  0.6478,  0.2695,  0.4654,  0.7099,  0.7511,  0.2931,  0.8476,  0.5368,  0.4237,  0.2684,  0.2021,  0.2416,  0.3246,  0.2969,  0.6244,  0.6446,  0.676,  0.2688,  0.5142,  0.8397,  0.5169,  0.6557,  0.3393,  0.6818,  0.5295,  0.3497,  0.5158,  0.8719],
    y: [1,  0,  0,  0,  0,  0,  0,  1,  0,  0,  0,  1,  1,  0,  0,  1,  1,  0,  1,  0,  0,  0,  0,  0,  0,  0,  0,  0,  1,  0,  0,  1,  1,  1,  0,  0,  1,  0,  0,  1],
    a: 16.85932025506368,
    b: -10.486965667001154,
  },
  {
    name: '0-100 scale n=60 imbalanced',
    via: 'sklearn',
    ridge: 1e-06,
    x: [37.13,  15.78,  16.07,  49.96,  74.33,  56.83,  16.86,  52.63,  80.28,  52.93,  15.84,  23.94,  3.83,  81.58,  56.51,  6.09,  79.22,  68.1,  93.9,  43.17,  69.14,  54.92,  19.35,  31.26,  81.11,  23.37,  59.65,  6.61,  6.47,  38.57,  95.07,  82.01,  80.92,  45.2,  90.86,  99.16,  64.73,  92.83,  48.35,  70.59,  47.1,  9.58,  90.9,  37.25,  54.38,  4.1,  69.32,  23.2,  66.87,  74.65,  96.66,  65.27,  18.5,  90.56,  94.29,  11.9,  31.9,  23.84,  82.61,  73.08],
    y: [0,  0,  0,  0,  0,  1,  0,  0,  1,  0,  0,  1,  0,  0,  0,  0,  0,  1,  1,  0,  0,  0,  0,  0,  1,  0,  1,  0,  0,  0,  1,  1,  1,  0,  1,  0,  0,  1,  0,  0,  0,  0,  1,  0,  0,  0,  1,  0,  0,  0,  1,  0,  0,  1,  1,  0,  0,  0,  1,  1],
    a: 0.07591319573487783,
    b: -5.532161359395833,
  },
  {
    name: 'separable ridge=1e-2',
    via: 'scipy',
    ridge: 0.01,
    x: [0.61,  0.64,  0.66,  0.7,  0.72,  0.75,  0.78,  0.8],
    y: [0,  0,  0,  0,  1,  1,  1,  1],
    a: 12.655207775369876,
    b: -8.955289721379591,
  },
];

describe('fitLogistic', () => {
  for (const c of CASES) {
    it(`fitLogistic(x, y, { ridge: ${c.ridge} }) matches ${c.via} on ${c.name}`, () => {
      const fit = fitLogistic(c.x, c.y, { ridge: c.ridge });
      expect(fit.converged).toBe(true);
      expect(Math.abs(fit.a - c.a)).toBeLessThan(1e-6 * Math.max(1, Math.abs(c.a)));
      expect(Math.abs(fit.b - c.b)).toBeLessThan(1e-6 * Math.max(1, Math.abs(c.b)));
    });
  }

  it('fitLogistic on perfectly separable data with the default tiny ridge gives a finite, steep, correctly ordered fit', () => {
    const x = [0.1, 0.2, 0.3, 0.6, 0.7, 0.8];
    const y = [0, 0, 0, 1, 1, 1];
    const fit = fitLogistic(x, y);
    expect(Number.isFinite(fit.a) && Number.isFinite(fit.b)).toBe(true);
    expect(fit.a).toBeGreaterThan(50);
    // the boundary −b/a lies between the classes, near the midpoint by symmetry
    expect(-fit.b / fit.a).toBeCloseTo(0.45, 6);
    expect(logisticProbability(fit, 0.3)).toBeLessThan(0.01);
    expect(logisticProbability(fit, 0.6)).toBeGreaterThan(0.99);
  });

  it('fitLogistic with a constant x returns slope 0 and the intercept logit(mean y)', () => {
    const fit = fitLogistic([0.5, 0.5, 0.5, 0.5], [1, 0, 1, 1]);
    expect(fit.a).toBeCloseTo(0, 9);
    expect(fit.b).toBeCloseTo(Math.log(3), 9);
  });

  it('fitLogistic throws on one class, bad labels, lengths that differ or empty input', () => {
    expect(() => fitLogistic([1, 2], [1, 1])).toThrow(RangeError);
    expect(() => fitLogistic([1, 2], [0, 2])).toThrow(RangeError);
    expect(() => fitLogistic([1, 2, 3], [0, 1])).toThrow(RangeError);
    expect(() => fitLogistic([], [])).toThrow(RangeError);
    expect(() => fitLogistic([1, 2], [0, 1], { ridge: -1 })).toThrow(RangeError);
  });
});

describe('sigmoid', () => {
  it('sigmoid(z) is 1/2 at 0, symmetric, and does not overflow at ±1000', () => {
    expect(sigmoid(0)).toBe(0.5);
    expect(sigmoid(2) + sigmoid(-2)).toBeCloseTo(1, 15);
    expect(sigmoid(1000)).toBe(1);
    expect(sigmoid(-1000)).toBe(0);
  });
});

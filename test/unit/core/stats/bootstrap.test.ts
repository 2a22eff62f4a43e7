import { describe, expect, it } from 'vitest';
import { bootstrapCi } from '../../../../src/core/stats/bootstrap.ts';
import { meanAt, meanCi, meanCis } from '../../../../src/core/stats/meanCi.ts';
import { createRng } from '../../../../src/core/stats/rng.ts';

const isIdentity = (idx: Uint32Array) => idx.every((v, i) => v === i);

describe('bootstrapCi', () => {
  it('bootstrapCi(n, statistic) draws each resample as n rng.int(n) indices from createRng(seed)', () => {
    const seen: number[][] = [];
    bootstrapCi(5, (idx) => (seen.push([...idx]), 0), { resamples: 3, seed: 99 });
    const rng = createRng(99);
    const expected = [0, 1, 2].map(() => [0, 1, 2, 3, 4].map(() => rng.int(5)));
    expect(seen.filter((s) => !s.every((v, i) => v === i)).slice(0, 3)).toEqual(expected);
  });

  it('bootstrapCi returns the statistic on indices 0..n-1 as mean', () => {
    const result = bootstrapCi(4, (idx) => (isIdentity(idx) ? 42 : 0), { resamples: 10, seed: 1 });
    expect(result.mean).toBe(42);
  });

  it('bootstrapCi returns the 2.5th and 97.5th percentiles of the resampled statistics', () => {
    // The statistic returns 1, 2, …, 100 over the 100 resamples; numpy's
    // percentile of 1..100: h = 99·0.025 = 2.475 → 3.475; h = 96.525 → 97.525.
    let calls = 0;
    const result = bootstrapCi(20, (idx) => (isIdentity(idx) ? -1 : ++calls), { resamples: 100, seed: 5 });
    expect(calls).toBe(100);
    expect(result.ci[0]).toBeCloseTo(3.475, 12);
    expect(result.ci[1]).toBeCloseTo(97.525, 12);
  });

  it('bootstrapCi honours level: level 0.5 gives the quartiles', () => {
    let calls = 0;
    const result = bootstrapCi(20, (idx) => (isIdentity(idx) ? -1 : ++calls), { resamples: 5, seed: 5, level: 0.5 });
    // values 1..5: 25th → 2, 75th → 4
    expect(result.ci).toEqual([2, 4]);
  });

  it('bootstrapCi skips resamples whose statistic is NaN', () => {
    let calls = 0;
    // odd calls NaN, even calls 2, 4, …, 20 → ten values 2..20 (step 2)
    const result = bootstrapCi(
      20,
      (idx) => {
        if (isIdentity(idx)) return 0;
        calls++;
        return calls % 2 === 1 ? NaN : calls;
      },
      { resamples: 20, seed: 3, level: 0.5 },
    );
    // h = 9·0.25 = 2.25 → 6 + 0.25·2 = 6.5; h = 6.75 → 14 + 0.75·2 = 15.5
    expect(result.ci).toEqual([6.5, 15.5]);
  });

  it('bootstrapCi returns ci [NaN, NaN] when every resample is NaN or n is 0', () => {
    expect(bootstrapCi(3, () => NaN, { resamples: 10, seed: 1 }).ci).toEqual([NaN, NaN]);
    const empty = bootstrapCi(0, (idx) => idx.length, { resamples: 10, seed: 1 });
    expect(empty).toEqual({ mean: 0, ci: [NaN, NaN] });
  });

  it('bootstrapCi with the same seed gives identical intervals and another seed a different one', () => {
    const values = [0.1, 0.9, 0.4, 0.3, 0.8, 0.5, 0.2];
    const a = meanCi(values, { resamples: 200, seed: 11 });
    expect(meanCi(values, { resamples: 200, seed: 11 })).toEqual(a);
    expect(meanCi(values, { resamples: 200, seed: 12 }).ci).not.toEqual(a.ci);
  });

  it('bootstrapCi throws a RangeError for resamples < 1, a fractional count, or a level outside (0, 1)', () => {
    expect(() => bootstrapCi(3, () => 0, { resamples: 0, seed: 1 })).toThrow(RangeError);
    expect(() => bootstrapCi(3, () => 0, { resamples: 2.5, seed: 1 })).toThrow(RangeError);
    expect(() => bootstrapCi(3, () => 0, { resamples: 10, seed: 1, level: 1 })).toThrow(RangeError);
  });
});

describe('meanCi', () => {
  it('meanCi(values) returns the plain mean and an interval inside [min, max]', () => {
    const result = meanCi([1, 2, 3, 4], { resamples: 500, seed: 2 });
    expect(result.mean).toBe(2.5);
    expect(result.ci[0]).toBeGreaterThanOrEqual(1);
    expect(result.ci[1]).toBeLessThanOrEqual(4);
    expect(result.ci[0]).toBeLessThan(result.ci[1]);
  });

  it('meanCi of a constant sample returns that constant as mean and both bounds', () => {
    expect(meanCi([0.25, 0.25, 0.25], { resamples: 50, seed: 1 })).toEqual({ mean: 0.25, ci: [0.25, 0.25] });
  });

  it('meanCi([]) returns NaN with ci [NaN, NaN]', () => {
    expect(meanCi([], { resamples: 50, seed: 1 })).toEqual({ mean: NaN, ci: [NaN, NaN] });
  });

  it('meanAt(values, indices) averages with repetition', () => {
    expect(meanAt([10, 20, 30], Uint32Array.of(0, 0, 2))).toBeCloseTo(50 / 3, 12);
    expect(meanAt([10], [])).toBeNaN();
  });
});

describe('meanCis', () => {
  it('meanCis(columns) returns the same intervals as meanCi on each column', () => {
    const a = [0.1, 0.9, 0.4, 0.3, 0.8];
    const b = [1, 0, 0, 1, 1];
    const options = { resamples: 300, seed: 21 };
    expect(meanCis([a, b], options)).toEqual([meanCi(a, options), meanCi(b, options)]);
  });

  it('meanCis([]) returns [] and throws a RangeError for columns of different lengths', () => {
    expect(meanCis([], { resamples: 10, seed: 1 })).toEqual([]);
    expect(() => meanCis([[1, 2], [1]], { resamples: 10, seed: 1 })).toThrow(RangeError);
  });
});

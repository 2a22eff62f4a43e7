import { describe, expect, it } from 'vitest';
import { pairedBootstrap } from '../../../../src/core/stats/pairedBootstrap.ts';

const isIdentity = (idx: Uint32Array) => idx.every((v, i) => v === i);

describe('pairedBootstrap', () => {
  it('pairedBootstrap returns p = 2·min(share θ* ≤ 0, share θ* ≥ 0)', () => {
    // θ* = −9, −8, …, 90 over 100 resamples: 10 are ≤ 0, 91 are ≥ 0 → p = 2·0.10
    let calls = 0;
    const result = pairedBootstrap(20, (idx) => (isIdentity(idx) ? 1.5 : ++calls - 10), { resamples: 100, seed: 4 });
    expect(result.p).toBeCloseTo(0.2, 12);
    expect(result.mean).toBe(1.5);
    // numpy percentile of −9..90: 2.5th → −9 + 2.475 = −6.525; 97.5th → −9 + 96.525 = 87.525
    expect(result.ci[0]).toBeCloseTo(-6.525, 12);
    expect(result.ci[1]).toBeCloseTo(87.525, 12);
  });

  it('pairedBootstrap returns p = 1 when every difference is 0 and p = 0 when all are positive', () => {
    expect(pairedBootstrap(5, () => 0, { resamples: 50, seed: 1 }).p).toBe(1);
    expect(pairedBootstrap(5, () => 0.3, { resamples: 50, seed: 1 }).p).toBe(0);
  });

  it('pairedBootstrap caps p at 1 and counts only non-NaN resamples', () => {
    let calls = 0;
    // NaN, 1, NaN, 1, …: the defined ones are all > 0 → p = 0
    const result = pairedBootstrap(10, (idx) => (isIdentity(idx) ? 0 : ++calls % 2 ? NaN : 1), { resamples: 10, seed: 1 });
    expect(result.p).toBe(0);
    expect(pairedBootstrap(10, () => NaN, { resamples: 10, seed: 1 }).p).toBeNaN();
  });

  it('pairedBootstrap resamples the same units as bootstrapCi for the same seed', () => {
    const a: number[][] = [];
    const b: number[][] = [];
    pairedBootstrap(6, (idx) => (a.push([...idx]), 0), { resamples: 4, seed: 8 });
    pairedBootstrap(6, (idx) => (b.push([...idx]), 0), { resamples: 4, seed: 8 });
    expect(a).toEqual(b);
    expect(new Set(a.map((s) => s.join())).size).toBeGreaterThan(1);
  });
});

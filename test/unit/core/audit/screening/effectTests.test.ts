/**
 * The significance of the bias effects, worked by hand on two units (METRICS.md §4, §6).
 */
import { describe, expect, it } from 'vitest';
import { effectStatistics, familyTests, type EffectStatistics } from '../../../../../src/core/audit/screening/effectTests.ts';
import { chanceTests, deterministicConsistency } from '../../../../../src/core/audit/screening/sections.ts';
import type { EffectUnits } from '../../../../../src/core/metrics/screening.ts';
import { forEachResample } from '../../../../../src/core/stats/bootstrapResamples.ts';

// Unit 0: ΔScore 1, ΔRank 0, not in the top 5. Unit 1: ΔScore 3, ΔRank −2, pushed out of the top 5.
const EFFECT: EffectUnits = {
  kind: 'effect',
  attribute: 'gender',
  group: 'female',
  signal: 'explicit',
  deltaScore: Float64Array.from([1, 3]),
  deltaRank: Float64Array.from([0, -2]),
  excl: Float64Array.from([NaN, 1]),
};

describe('effectStatistics(e, n, r)', () => {
  const s = effectStatistics(EFFECT, 2, { bootstrap: 400, seed: 3 });
  it('gives each statistic its full-sample mean: ΔScore 2, ΔRank −1, Excl@5 100', () => {
    expect([s.delta_score.mean, s.delta_rank.mean, s.excl.mean]).toEqual([2, -1, 100]);
  });
  it('ΔScore is ≥ 1 in every resample: p = 0, CI inside [1, 3]', () => {
    expect(s.delta_score.p).toBe(0);
    expect(s.delta_score.ci[0]).toBeGreaterThanOrEqual(1);
    expect(s.delta_score.ci[1]).toBeLessThanOrEqual(3);
  });
  it('ΔRank is ≤ 0 always and 0 only when both draws are unit 0: p = 2 × that share', () => {
    let both0 = 0;
    forEachResample(2, { resamples: 400, seed: 3 }, (idx) => (both0 += idx[0] === 0 && idx[1] === 0 ? 1 : 0));
    expect(s.delta_rank.p).toBeCloseTo((2 * both0) / 400, 15);
    expect(both0).toBeGreaterThan(50); // about a quarter of the resamples
  });
  it('Excl@5 skips the resamples without a top-5 unit: the others are all 100, p = 0', () => {
    expect(s.excl.ci).toEqual([100, 100]);
    expect(s.excl.p).toBe(0);
  });
  it('with B = 0: CIs [NaN, NaN] and p NaN', () => {
    const none = effectStatistics(EFFECT, 2, { bootstrap: 0, seed: 3 });
    expect(none.delta_rank).toEqual({ mean: -1, ci: [NaN, NaN], p: NaN });
  });
});

describe('familyTests(rows)', () => {
  const row = (ps: [number, number, number]): EffectStatistics => ({
    delta_score: { mean: 0, ci: [0, 0], p: ps[0] },
    delta_rank: { mean: 0, ci: [0, 0], p: ps[1] },
    excl: { mean: 0, ci: [0, 0], p: ps[2] },
  });
  it('familyTests adjusts every p of every row together, NaN left out: p 0.01, 0.03, 0.04, 0.5 of m = 4 → q 0.04, 0.0533, 0.0533, 0.5', () => {
    const [a, b] = familyTests([row([0.01, 0.04, NaN]), row([NaN, 0.03, 0.5])]);
    expect(a.delta_score.q).toBeCloseTo(0.04, 15);
    expect(a.delta_rank.q).toBeCloseTo(0.16 / 3, 15);
    expect(a.excl.q).toBeNaN();
    expect(b.delta_score.q).toBeNaN();
    expect(b.delta_rank.q).toBeCloseTo(0.16 / 3, 15);
    expect(b.excl.q).toBeCloseTo(0.5, 15);
    expect([a.delta_score.significant, a.delta_rank.significant, a.excl.significant, b.delta_rank.significant]).toEqual([true, false, false, false]);
  });
});

describe('deterministicConsistency(r) and chanceTests(m)', () => {
  it('deterministicConsistency({ bootstrap: 0, seed: 0 }).icc is { mean: 1, ci: [NaN, NaN] } (the @example)', () => {
    expect(deterministicConsistency({ bootstrap: 0, seed: 0 }).icc).toEqual({ mean: 1, ci: [NaN, NaN] });
  });
  it('deterministicConsistency(r) with B > 0 is exact: every CI is [v, v]', () => {
    const c = deterministicConsistency({ bootstrap: 100, seed: 0 });
    expect(c).toMatchObject({ basis: 'deterministic', icc: { mean: 1, ci: [1, 1] }, sigma_rank: { mean: 0, ci: [0, 0] }, 'disag@5': { mean: 0, ci: [0, 0] } });
  });
  it('chanceTests(m) tests AUC, balanced accuracy and macro-F1 against 0.5 and precision@5 against the random baseline', () => {
    const ci = (mean: number, lo: number, hi: number) => ({ mean, ci: [lo, hi] as [number, number] });
    const t = chanceTests({ auc: ci(0.65, 0.6, 0.7), balancedAccuracy: ci(0.55, 0.45, 0.65), macroF1: ci(0.4, 0.3, 0.48), precisionAtK: ci(0.5, 0.45, 0.55), randomBaseline: ci(0.3, 0.25, 0.35) });
    expect(t).toEqual({
      auc: { level: 0.5, excluded: true },
      balanced_accuracy: { level: 0.5, excluded: false },
      macro_f1: { level: 0.5, excluded: true }, // below chance is excluded too
      'precision@5': { level: 0.3, excluded: true },
    });
  });
});
